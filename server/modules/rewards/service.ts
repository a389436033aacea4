import { z } from 'zod';
import type { Db, RewardOrderRow, RewardRow, UserRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/dialect';
import { badUserInput, notFound } from '../../errors/api-errors';
import { parseInput, topLevelField } from '../../errors/parse-input';
import {
  expireDuePoints,
  getBalance,
  InsufficientPointsError,
  lockMemberPoints,
  refundPoints,
  spendPoints,
} from '../points';
import { CONTENT_PREVIEW_ACCOUNT_TYPES } from '../content';
import { assessDeviceRisk } from '../device-sessions';
import { stateByUf } from '../profile';
import { findCity, findState, requireMember } from '../users';
import { nowOf, type ServiceDeps } from '../service-deps';
import * as repo from './repository';
import {
  givesCode,
  toOrderView,
  toRewardView,
  type DeliveryAddress,
  type RewardOrderView,
  type RewardView,
} from './views';
import { countBusiness } from '../../metrics/business';
import { cancellationNoticeIn, emailCancellation, emailRedemption, redemptionNoticeIn } from './receipts';

export const REWARDS_PAGE_DEFAULT = 12;
export const REWARDS_PAGE_MAX = 24;

type Deps = ServiceDeps<'db' | 'config' | 'userId'>;
/** A member's move: the receipt goes out through the club's messenger. */
type MoveDeps = Deps & ServiceDeps<'messenger'>;
type RedeemDeps = MoveDeps & Partial<ServiceDeps<'deviceSessionId'>>;

export const REWARD_MESSAGES = {
  notFound: 'Prêmio não encontrado.',
  orderNotFound: 'Resgate não encontrado.',
  slug: 'Prêmio inválido. Escolha um prêmio do catálogo.',
  idempotency: 'Chave de envio inválida.',
  inactive: 'Este prêmio não está disponível para troca agora.',
  draft: 'Este prêmio ainda é um rascunho e não pode ser trocado.',
  soldOut: 'Este prêmio esgotou.',
  limit: (n: number) =>
    n === 1
      ? 'Você já trocou este prêmio uma vez, o limite por membro.'
      : `Você já trocou este prêmio ${n} vezes, o limite por membro.`,
  insufficient: (n: number) => `Faltam ${n.toLocaleString('pt-BR')} pontos para este prêmio.`,
  noAddress: 'Informe o endereço de entrega: seu perfil não tem um endereço completo com CEP.',
  cep: 'Informe o CEP com 8 dígitos.',
  street: 'Informe a rua do endereço de entrega.',
  number: 'Informe o número do endereço (ou "s/n").',
  complement: 'O complemento pode ter no máximo 60 caracteres.',
  district: 'O bairro pode ter no máximo 60 caracteres.',
  city: 'Informe a cidade do endereço de entrega.',
  uf: 'Informe o estado (UF) do endereço de entrega.',
  codeGiven: 'O código deste resgate já foi entregue e não pode ser devolvido.',
  notCancellable: 'Só é possível cancelar um resgate que ainda não entrou em separação. Fale com o clube.',
  page: 'Página inválida. Recarregue a lista.',
  pageSize: `Peça de 1 a ${REWARDS_PAGE_MAX} itens por página.`,
} as const;

const parseArgs = <S extends z.ZodType>(schema: S, value: unknown): z.infer<S> =>
  parseInput(schema, value, { fieldOf: topLevelField });

const firstSchema = z
  .number()
  .int(REWARD_MESSAGES.pageSize)
  .min(1, REWARD_MESSAGES.pageSize)
  .max(REWARDS_PAGE_MAX, REWARD_MESSAGES.pageSize)
  .nullish();

/** What the member's side of these rewards reads: their orders against each limit, and the codes left. */
async function memberSide(db: Db, userId: number, balance: number, rewards: readonly RewardRow[]) {
  const ids = rewards.map((r) => r.id);
  const [held, freeCodes] = await Promise.all([
    repo.heldCounts(db, userId, ids),
    repo.freeCodeCounts(
      db,
      rewards.filter(givesCode).map((r) => r.id),
    ),
  ]);
  return { balance, held, freeCodes };
}

/** The member's balance with due points expired first, as `me.pointsBalance` reads it. */
async function currentBalance(db: Db, userId: number, now: Date): Promise<number> {
  await expireDuePoints(db, userId, now);
  return (await getBalance(db, userId)).balance;
}

const isActive = (reward: RewardRow, at: string) =>
  (reward.active_from === null || reward.active_from <= at) && (reward.active_to === null || reward.active_to > at);

// ---------------------------------------------------------------------------------------------------------------
// Catalogue

const CATEGORIES = ['FERRAMENTAS', 'ACESSORIOS', 'CURSOS', 'VALES', 'EXPERIENCIAS'] as const;

const catalogueArgs = z.object({
  first: firstSchema,
  // `t.` while the page is among what the member can take now, `o.` among the others; then (points, id).
  after: z
    .string()
    .regex(/^(?:[to]\.)?\d{1,9}\.\d{1,12}$/, REWARD_MESSAGES.page)
    .nullish(),
  category: z.enum(CATEGORIES).nullish(),
  affordable: z.boolean().nullish(),
});

type Cursor = { part: 't' | 'o'; points: number; id: number };

function cursorOf(raw: string | null | undefined): Cursor | null {
  if (!raw) return null;
  const parts = raw.split('.');
  const part = parts.length === 3 ? (parts.shift() as 't' | 'o') : 't';
  const [points, id] = parts.map(Number);
  return { part, points: points!, id: id! };
}

/**
 * The catalogue as a member reads it: what they can take now first, then the others, each part cheapest first, so
 * the first cards are ones to tap. "Posso trocar agora" is the first part alone.
 */
export async function listRewards(deps: Deps, rawArgs: z.input<typeof catalogueArgs>) {
  const { db } = deps;
  const user = await requireMember(db, deps.userId);
  const args = parseArgs(catalogueArgs, rawArgs);
  const now = nowOf(deps);
  const balance = await currentBalance(db, user.id, now);
  const first = args.first ?? REWARDS_PAGE_DEFAULT;
  const cursor = cursorOf(args.after);
  const part = (keep: 'only' | 'none', after: Cursor | null, limit: number) =>
    repo.catalogue(
      db,
      {
        at: now.toISOString(),
        category: args.category ? (args.category.toLowerCase() as RewardRow['category']) : null,
        canTake: { maxPoints: balance, userId: user.id, keep },
        after: after ? { points: after.points, id: after.id } : null,
      },
      limit,
    );
  const rows: { row: RewardRow; part: 't' | 'o' }[] = [];
  if (!cursor || cursor.part === 't') {
    for (const row of await part('only', cursor, first + 1)) rows.push({ row, part: 't' });
  }
  if (!args.affordable && rows.length <= first) {
    const others = await part('none', cursor?.part === 'o' ? cursor : null, first + 1 - rows.length);
    for (const row of others) rows.push({ row, part: 'o' });
  }
  const data = rows.slice(0, first);
  const hasMore = rows.length > first;
  const last = data.at(-1);
  const side = await memberSide(
    db,
    user.id,
    balance,
    data.map((r) => r.row),
  );
  return {
    data: data.map((r) => toRewardView(r.row, side)),
    hasMore,
    nextCursor: hasMore && last ? `${last.part}.${last.row.points}.${last.row.id}` : null,
  };
}

const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, REWARD_MESSAGES.slug)
  .max(80, REWARD_MESSAGES.slug);

/**
 * A reward outside its dates is not shown (NOT_FOUND, like an unknown slug); redeeming it is a bad input. A draft is
 * shown only to an account that previews content (an editor), and nobody can redeem it.
 */
async function activeReward(
  db: Db,
  slug: string,
  at: string,
  { redeeming = false, reader }: { redeeming?: boolean; reader?: UserRow } = {},
): Promise<RewardRow> {
  const reward = await repo.rewardBySlug(db, slug);
  if (!reward) throw notFound(REWARD_MESSAGES.notFound);
  if (reward.draft) {
    if (redeeming) throw badUserInput(REWARD_MESSAGES.draft);
    if (!reader || !CONTENT_PREVIEW_ACCOUNT_TYPES.includes(reader.account_type ?? '')) {
      throw notFound(REWARD_MESSAGES.notFound);
    }
    return reward;
  }
  if (!isActive(reward, at)) {
    if (redeeming) throw badUserInput(REWARD_MESSAGES.inactive);
    throw notFound(REWARD_MESSAGES.notFound);
  }
  return reward;
}

export async function getReward(deps: Deps, rawSlug: string): Promise<RewardView> {
  const { db } = deps;
  const user = await requireMember(db, deps.userId);
  const slug = parseArgs(z.object({ slug: slugSchema }), { slug: rawSlug }).slug;
  const now = nowOf(deps);
  const reward = await activeReward(db, slug, now.toISOString(), { reader: user });
  return toRewardView(reward, await memberSide(db, user.id, await currentBalance(db, user.id, now), [reward]));
}

// ---------------------------------------------------------------------------------------------------------------
// Orders

/** The views of orders, with their rewards and timelines, in the order given. */
export async function orderViews(db: Db, orders: readonly RewardOrderRow[], balance: number) {
  const userId = orders[0]?.user_id ?? 0;
  const ids = orders.map((o) => o.id);
  const [rewards, events, codes] = await Promise.all([
    repo.rewardsByIds(db, [...new Set(orders.map((o) => o.reward_id))]),
    repo.eventsOf(db, ids),
    repo.codesOfOrders(db, ids),
  ]);
  const side = await memberSide(db, userId, balance, rewards);
  const rewardOf = new Map(rewards.map((r) => [r.id, toRewardView(r, side)]));
  return orders.map((o) =>
    toOrderView(
      o,
      rewardOf.get(o.reward_id)!,
      events.filter((e) => e.order_id === o.id),
      codes.find((c) => c.order_id === o.id),
    ),
  );
}

async function orderView(db: Db, order: RewardOrderRow, userId: number): Promise<RewardOrderView> {
  const [view] = await orderViews(db, [order], (await getBalance(db, userId)).balance);
  return view!;
}

const ordersArgs = z.object({
  first: firstSchema,
  after: z
    .string()
    .regex(/^\d{1,12}$/, REWARD_MESSAGES.page)
    .nullish(),
});

export async function myRewardOrders(deps: Deps, rawArgs: z.input<typeof ordersArgs>) {
  const { db } = deps;
  const user = await requireMember(db, deps.userId);
  const args = parseArgs(ordersArgs, rawArgs);
  const first = args.first ?? REWARDS_PAGE_DEFAULT;
  const rows = await repo.ownOrders(db, user.id, args.after ? Number(args.after) : null, first + 1);
  const data = rows.slice(0, first);
  const hasMore = rows.length > first;
  const balance = await currentBalance(db, user.id, nowOf(deps));
  return {
    data: await orderViews(db, data, balance),
    hasMore,
    nextCursor: hasMore ? String(data.at(-1)?.id) : null,
  };
}

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

const addressSchema = z.object({
  cep: z
    .string()
    .transform((v) => v.replace(/[\s.-]/g, ''))
    .pipe(z.string().regex(/^\d{8}$/, REWARD_MESSAGES.cep)),
  address: z.string().trim().min(3, REWARD_MESSAGES.street).max(120, REWARD_MESSAGES.street),
  number: z.string().trim().min(1, REWARD_MESSAGES.number).max(10, REWARD_MESSAGES.number),
  complement: optionalText(60, REWARD_MESSAGES.complement),
  district: optionalText(60, REWARD_MESSAGES.district),
  city: z.string().trim().min(2, REWARD_MESSAGES.city).max(80, REWARD_MESSAGES.city),
  uf: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, REWARD_MESSAGES.uf),
});

const redeemSchema = z.object({
  slug: slugSchema,
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, REWARD_MESSAGES.idempotency),
  address: addressSchema.nullish(),
});

export type RedeemInput = z.input<typeof redeemSchema>;

/** The profile's address, when it is complete enough to deliver to. */
export async function profileAddress(db: Db, user: UserRow): Promise<DeliveryAddress | null> {
  if (!user.cep || !user.address || !user.number || user.state_id === null || user.city_id === null) return null;
  const [state, city] = await Promise.all([findState(db, user.state_id), findCity(db, user.city_id)]);
  if (!state || !city) return null;
  return {
    cep: user.cep.replace(/\D/g, ''),
    address: user.address,
    number: user.number,
    complement: user.complement || null,
    district: user.district || null,
    city: city.name,
    uf: state.uf,
  };
}

async function deliveryAddress(
  db: Db,
  user: UserRow,
  reward: RewardRow,
  given: DeliveryAddress | null | undefined,
): Promise<DeliveryAddress | null> {
  if (reward.type !== 'produto') return null;
  if (given) {
    if (!(await stateByUf(db, given.uf))) {
      throw badUserInput(REWARD_MESSAGES.uf, { 'address.uf': REWARD_MESSAGES.uf });
    }
    return given;
  }
  const fromProfile = await profileAddress(db, user);
  if (!fromProfile) throw badUserInput(REWARD_MESSAGES.noAddress, { address: REWARD_MESSAGES.noAddress });
  return fromProfile;
}

export const CODE_ISSUED_NOTE = 'Código emitido';

/**
 * Gives a voucher's or a course's code to an order and marks it delivered, inside the caller's transaction: the code
 * is the delivery. An empty pool throws "Esgotado", which undoes the whole redemption.
 */
export async function issueCodeIn(trx: Db, order: RewardOrderRow, at: string): Promise<void> {
  if (!(await repo.giveCode(trx, order.reward_id, order.id, at))) throw badUserInput(REWARD_MESSAGES.soldOut);
  if (!(await repo.moveOrder(trx, order.id, ['requested'], { status: 'delivered', updated_at: at }))) {
    throw new Error('reward order moved while its code was issued');
  }
  await repo.insertEvent(trx, order.id, 'delivered', CODE_ISSUED_NOTE, at);
}

/**
 * Takes a reward for points. Everything after the checks of the input happens in one transaction that first holds
 * the member's points (lockMemberPoints): a member's redemptions run one after another, so the balance, the
 * per-member limit and the idempotency key are read with nobody else of that member writing. The last unit is
 * taken by the row's own condition (stock > 0), so members racing for it cannot both win. A refusal throws inside
 * the transaction, which writes nothing. A voucher or a course gets its code at once; an order from a device
 * session a risk rule flags (the rules invoices and projects follow) is held for the club's review instead: the
 * points and the unit stay reserved, and no code is given until the club releases it.
 */
export async function redeemReward(deps: RedeemDeps, rawInput: RedeemInput): Promise<RewardOrderView> {
  const { db } = deps;
  const user = await requireMember(db, deps.userId);
  const input = parseInput(redeemSchema, rawInput);
  const replay = await repo.orderByAttempt(db, user.id, input.idempotencyKey);
  if (replay) return orderView(db, replay, user.id);
  const now = nowOf(deps);
  const at = now.toISOString();
  const reward = await activeReward(db, input.slug, at, { redeeming: true });
  const address = await deliveryAddress(db, user, reward, input.address);
  const risk = await assessDeviceRisk(deps, user.id);

  let order: RewardOrderRow;
  let redeemed = false;
  try {
    order = await db.transaction().execute(async (trx) => {
      await lockMemberPoints(trx, user.id, now);
      const earlier = await repo.orderByAttempt(trx, user.id, input.idempotencyKey);
      if (earlier) return earlier;
      if (reward.per_member_limit !== null) {
        const held = await repo.heldOrdersOf(trx, user.id, reward.id);
        if (held >= reward.per_member_limit) throw badUserInput(REWARD_MESSAGES.limit(reward.per_member_limit));
      }
      if (!(await repo.takeOneUnit(trx, reward.id, at))) throw badUserInput(REWARD_MESSAGES.soldOut);
      const debit = await spendPoints(
        trx,
        user.id,
        { points: reward.points, description: `Resgate: ${reward.name}` },
        now,
      );
      const created = await repo.insertOrder(trx, {
        user_id: user.id,
        reward_id: reward.id,
        idempotency_key: input.idempotencyKey,
        status: 'requested',
        points: reward.points,
        address: address ? JSON.stringify(address) : null,
        carrier: null,
        tracking_code: null,
        cancel_reason: null,
        debit_entry_id: debit.id,
        refund_entry_id: null,
        review_reason: risk.reason,
        created_at: at,
        updated_at: at,
      });
      await repo.insertEvent(trx, created.id, 'requested', null, at);
      redeemed = true;
      if (givesCode(reward) && risk.reason === null) await issueCodeIn(trx, created, at);
      const done = (await repo.orderById(trx, created.id))!;
      await redemptionNoticeIn(trx, done, reward, now);
      return done;
    });
  } catch (error) {
    if (error instanceof InsufficientPointsError) {
      throw badUserInput(REWARD_MESSAGES.insufficient(error.needed - error.balance));
    }
    if (isUniqueViolation(error)) {
      // An identical attempt won: its order is this attempt's answer.
      const winner = await repo.orderByAttempt(db, user.id, input.idempotencyKey);
      if (winner) return orderView(db, winner, user.id);
    }
    throw error;
  }
  if (redeemed) {
    countBusiness.redemption(reward.points);
    await emailRedemption(deps, order.id);
  }
  return orderView(db, order, user.id);
}

/**
 * Cancels an order inside the caller's transaction: the points come back as refund credits linked to the order
 * (ledger.refundPoints decides their validity) and the unit goes back to the stock. False when the order was no
 * longer in one of `from` (nothing written).
 */
export async function cancelOrderIn(
  trx: Db,
  order: RewardOrderRow,
  from: readonly RewardOrderRow['status'][],
  reason: string,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  await lockMemberPoints(trx, order.user_id, now);
  if (!from.includes(order.status)) return false;
  const [refund] = await refundPoints(
    trx,
    order.user_id,
    { points: order.points, description: `Estorno do resgate nº ${order.id}` },
    now,
  );
  const moved = await repo.moveOrder(trx, order.id, from, {
    status: 'cancelled',
    cancel_reason: reason,
    refund_entry_id: refund!.id,
    updated_at: at,
  });
  if (!moved) throw new Error('reward order moved while cancelling');
  await repo.giveBackOneUnit(trx, order.reward_id, at);
  await repo.insertEvent(trx, order.id, 'cancelled', reason, at);
  return true;
}

async function requireRewardRow(db: Db, id: number): Promise<RewardRow> {
  const [reward] = await repo.rewardsByIds(db, [id]);
  if (!reward) throw new Error(`reward ${id} is missing`);
  return reward;
}

export const MEMBER_CANCEL_REASON = 'Cancelado por você.';

/** The member cancels their own order while it is still REQUESTED; cancelling a cancelled order changes nothing. */
export async function cancelRewardOrder(deps: MoveDeps, rawId: string): Promise<RewardOrderView> {
  const { db } = deps;
  const user = await requireMember(db, deps.userId);
  const id = /^\d{1,12}$/.test(rawId) ? Number(rawId) : null;
  const now = nowOf(deps);
  let cancelled = false;
  const order = await db.transaction().execute(async (trx) => {
    // Another member's order answers exactly like a missing one.
    const found = id === null ? undefined : await repo.ownOrder(trx, user.id, id);
    if (!found) throw notFound(REWARD_MESSAGES.orderNotFound);
    if (found.status === 'cancelled') return found;
    if (found.status !== 'requested') {
      throw badUserInput(
        found.status === 'delivered' && givesCode(await requireRewardRow(trx, found.reward_id))
          ? REWARD_MESSAGES.codeGiven
          : REWARD_MESSAGES.notCancellable,
      );
    }
    await cancelOrderIn(trx, found, ['requested'], MEMBER_CANCEL_REASON, now);
    await cancellationNoticeIn(trx, found, await requireRewardRow(trx, found.reward_id), now);
    cancelled = true;
    return (await repo.ownOrder(trx, user.id, found.id))!;
  });
  // Only the call that cancelled sends the receipt: cancelling a cancelled order changes nothing and says nothing.
  if (cancelled) await emailCancellation(deps, order.id);
  return orderView(db, order, user.id);
}
