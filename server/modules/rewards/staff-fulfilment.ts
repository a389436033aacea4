// Rewards fulfilment in the painel (premios): the order queue, one order as the club's shipping desk sees it, its
// moves, and the catalogue's stock and code pools. Every change goes through the terminal's own functions
// (actions.ts), which audit it in its transaction; the member is told as the terminal tells them (notify.ts).
import { createMessenger } from '../../adapters/messenger';
import { parseId } from '../../graphql/ids';
import type { AppConfig } from '../../config';
import type { Db, RewardOrderRow, RewardOrderStatus, RewardRow } from '../../db/schema';
import { badUserInput, notFound } from '../../errors/api-errors';
import type { StaffActor } from '../../graphql/staff-access';
import { hideCpf } from '../../privacy/hide';
import { findUserById } from '../users';
import { notifyOrderMember } from './notify';
import {
  cancelOrderByClub,
  correctTracking,
  deliverOrder,
  generateCodes,
  loadCodes,
  releaseOrder,
  separateOrder,
  setRewardStock,
  shipOrder,
  type OrderMove,
} from './actions';
import * as repo from './repository';
import { givesCode, type DeliveryAddress } from './views';

interface Deps {
  readonly db: Db;
  readonly config: AppConfig;
}

export const STAFF_REWARD_MESSAGES = {
  orderNotFound: 'Resgate não encontrado.',
  page: 'Peça de 1 a 50 resgates por página.',
  stock: 'Estoque inválido: informe um número inteiro de 0 a 9999999.',
  codesText: 'Cole os códigos, um por linha.',
  codesTooLong: 'Cole no máximo 50.000 caracteres de uma vez (uns 4.000 códigos); para mais, use o terminal.',
  count: 'Quantidade inválida: gere de 1 a 10.000 códigos de uma vez.',
} as const;

export const ORDER_PAGE_DEFAULT = 20;
export const ORDER_PAGE_MAX = 50;
const CODES_TEXT_MAX = 50_000;
const GENERATE_MAX = 10_000;

export type PainelStatus = 'REQUESTED' | 'IN_REVIEW' | 'SEPARATING' | 'SHIPPED' | 'DELIVERED' | 'CANCELLED';

/** A held order is still "requested" in the table: the painel names it IN_REVIEW until the club releases it. */
const painelStatus = (order: Pick<RewardOrderRow, 'status' | 'review_reason'>): PainelStatus =>
  order.status === 'requested' && order.review_reason !== null
    ? 'IN_REVIEW'
    : (order.status.toUpperCase() as PainelStatus);

/** What the queue reads for each painel status; no status: every open order. */
function statusFilter(status: PainelStatus | null | undefined) {
  switch (status) {
    case 'REQUESTED':
      return { statuses: ['requested'] as RewardOrderStatus[], held: false };
    case 'IN_REVIEW':
      return { statuses: ['requested'] as RewardOrderStatus[], held: true };
    case null:
    case undefined:
      return { statuses: ['requested', 'separating', 'shipped'] as RewardOrderStatus[], held: null };
    default:
      return { statuses: [status.toLowerCase() as RewardOrderStatus], held: null };
  }
}

const memberOf = (user: { id: number; name: string; sur_name: string; cpf: string }) => ({
  id: String(user.id),
  name: `${user.name} ${user.sur_name}`.trim(),
  cpfMasked: hideCpf(user.cpf),
});

const addressOf = (json: string | null): DeliveryAddress | null =>
  json ? (JSON.parse(json) as DeliveryAddress) : null;

// ---------------------------------------------------------------------------------------------------------------
// The queue

export async function rewardOrderQueue(
  deps: Deps,
  args: { status?: PainelStatus | null; first?: number | null; after?: string | null },
) {
  const first = args.first ?? ORDER_PAGE_DEFAULT;
  if (!Number.isInteger(first) || first < 1 || first > ORDER_PAGE_MAX) {
    throw badUserInput(STAFF_REWARD_MESSAGES.page);
  }
  const rows = await repo.ordersForStaff(deps.db, statusFilter(args.status), parseId(args.after), first + 1);
  const page = rows.slice(0, first);
  return {
    rows: page.map((r) => {
      const address = addressOf(r.address);
      return {
        id: String(r.id),
        status: painelStatus(r),
        rewardName: r.reward_name,
        rewardType: r.reward_type,
        points: r.points,
        member: memberOf({ id: r.user_id, name: r.member_name, sur_name: r.member_sur_name, cpf: r.member_cpf }),
        city: address?.city ?? null,
        uf: address?.uf ?? null,
        createdAt: r.created_at,
        waitingSince: r.updated_at,
      };
    }),
    nextCursor: rows.length > first ? String(page.at(-1)!.id) : null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// One order

/** What may be done with an order now, as the terminal's functions allow it. */
function allowedMoves(order: RewardOrderRow): string[] {
  switch (painelStatus(order)) {
    case 'IN_REVIEW':
      return ['RELEASE', 'CANCEL'];
    case 'REQUESTED':
      return ['SEPARATE', 'SHIP', 'CANCEL'];
    case 'SEPARATING':
      return ['SHIP', 'CANCEL'];
    case 'SHIPPED':
      return ['DELIVER', 'TRACKING', 'CANCEL'];
    default:
      return [];
  }
}

/** The painel's name of each move in the trail: the status it reached, or the correction. */
const ORDER_ACTIONS: Readonly<Record<string, string>> = {
  'reward.separate': 'separating',
  'reward.ship': 'shipped',
  'reward.tracking': 'tracking',
  'reward.deliver': 'delivered',
  'reward.cancel': 'cancelled',
  'reward.release': 'release',
};

const fieldsOf = (json: string | null): Record<string, string | undefined> =>
  json ? (JSON.parse(json) as Record<string, string | undefined>) : {};

/** One line of the trail as the order's "Quem fez" reads it: who, which move, and what it said (a code, a reason). */
function orderAction(line: Awaited<ReturnType<typeof repo.auditOfOrder>>[number]) {
  const action = ORDER_ACTIONS[line.action] ?? line.action.replace(/^reward\./, '');
  const before = fieldsOf(line.before);
  const after = fieldsOf(line.after);
  const said: Record<string, string | undefined> = {
    shipped: after.tracking_code && `${after.carrier} · ${after.tracking_code}`,
    tracking: after.trackingCode && `Rastreio corrigido: ${after.carrier} · ${after.trackingCode}`,
    cancelled: after.reason,
    release: before.held,
  };
  // A line copied from the order's older audit kept its text as `detail`.
  return { actor: line.actor_name, action, detail: after.detail ?? said[action] ?? null, at: line.created_at };
}

async function orderDetail(db: Db, order: RewardOrderRow) {
  const [[reward], user, events, codes, actions] = await Promise.all([
    repo.rewardsByIds(db, [order.reward_id]),
    findUserById(db, order.user_id),
    repo.eventsOf(db, [order.id]),
    repo.codesOfOrders(db, [order.id]),
    repo.auditOfOrder(db, order.id),
  ]);
  if (!reward || !user) throw notFound(STAFF_REWARD_MESSAGES.orderNotFound);
  return {
    id: String(order.id),
    status: painelStatus(order),
    rewardSlug: reward.slug,
    rewardName: reward.name,
    rewardType: reward.type,
    points: order.points,
    member: memberOf(user),
    address: addressOf(order.address),
    carrier: order.carrier,
    trackingCode: order.tracking_code,
    cancelReason: order.cancel_reason,
    reviewReason: order.review_reason,
    codeIssued: codes.length > 0,
    refundedPoints: order.refund_entry_id === null ? 0 : order.points,
    createdAt: order.created_at,
    events: events.map((e) => ({
      status: e.status.toUpperCase() as PainelStatus,
      note: e.note,
      at: e.created_at,
    })),
    actions: actions.map(orderAction),
    allowed: allowedMoves(order),
  };
}

export type StaffRewardOrderView = Awaited<ReturnType<typeof orderDetail>>;

export async function rewardOrder(deps: Deps, id: string): Promise<StaffRewardOrderView> {
  const orderId = parseId(id);
  const order = orderId === null ? undefined : await repo.orderById(deps.db, orderId);
  if (!order) throw notFound(STAFF_REWARD_MESSAGES.orderNotFound);
  return orderDetail(deps.db, order);
}

/**
 * Runs one of the terminal's moves for a staff member, tells the member when it changed something (after the
 * commit, like the terminal: the move stands when the message cannot go out now), and answers the order.
 */
async function move(deps: Deps, id: string, work: (ref: string) => Promise<OrderMove>): Promise<StaffRewardOrderView> {
  if (parseId(id) === null) throw notFound(STAFF_REWARD_MESSAGES.orderNotFound);
  const { changed, order } = await work(id);
  if (changed) {
    const messenger = createMessenger(deps.db, deps.config, deps.config.now);
    // The outbox (or the mail and SMS services) failing leaves the order moved; the member still reads it in
    // /meus-resgates, and the terminal's behaviour is the same.
    await notifyOrderMember({ db: deps.db, config: deps.config, messenger }, order.id).catch(() => undefined);
  }
  return orderDetail(deps.db, (await repo.orderById(deps.db, order.id))!);
}

export const separateAsStaff = (deps: Deps, actor: StaffActor, id: string) =>
  move(deps, id, (ref) => separateOrder(deps, ref, actor));

export const shipAsStaff = (deps: Deps, actor: StaffActor, id: string, tracking: string, carrier?: string | null) =>
  move(deps, id, (ref) => shipOrder(deps, ref, actor, { tracking, carrier }));

/** A shipped order's tracking code corrected; the member is told, by the inbox and the shipping e-mail and SMS. */
export const correctTrackingAsStaff = (
  deps: Deps,
  actor: StaffActor,
  id: string,
  tracking: string,
  carrier?: string | null,
) => move(deps, id, (ref) => correctTracking(deps, ref, actor, { tracking, carrier }));

export const deliverAsStaff = (deps: Deps, actor: StaffActor, id: string) =>
  move(deps, id, (ref) => deliverOrder(deps, ref, actor));

export const cancelAsStaff = (deps: Deps, actor: StaffActor, id: string, reason: string) =>
  move(deps, id, (ref) => cancelOrderByClub(deps, ref, actor, reason));

export const releaseAsStaff = (deps: Deps, actor: StaffActor, id: string) =>
  move(deps, id, (ref) => releaseOrder(deps, ref, actor));

// ---------------------------------------------------------------------------------------------------------------
// Stock and code pools

function stockView(reward: RewardRow, counts: { free: number; given: number } | undefined) {
  return {
    slug: reward.slug,
    name: reward.name,
    type: reward.type,
    points: reward.points,
    stock: reward.stock,
    draft: reward.draft === 1,
    givesCode: givesCode(reward),
    freeCodes: counts?.free ?? 0,
    givenCodes: counts?.given ?? 0,
  };
}

export async function rewardStock(deps: Deps) {
  const [rewards, counts] = await Promise.all([repo.allRewards(deps.db), repo.codeCounts(deps.db)]);
  return rewards.map((r) => stockView(r, counts.get(r.id)));
}

async function stockOf(db: Db, slug: string) {
  const reward = await repo.rewardBySlug(db, slug);
  if (!reward) throw notFound(`Nenhum prêmio com o identificador ${slug}.`);
  return stockView(reward, (await repo.codeCounts(db)).get(reward.id));
}

const clean = (value: string | null | undefined) => value?.trim() || undefined;

export async function setStockAsStaff(deps: Deps, actor: StaffActor, slug: string, stock: number) {
  if (!Number.isInteger(stock) || stock < 0 || stock > 9_999_999) {
    throw badUserInput(STAFF_REWARD_MESSAGES.stock, { stock: STAFF_REWARD_MESSAGES.stock });
  }
  await setRewardStock(deps, slug, String(stock), actor);
  return stockOf(deps.db, slug);
}

export async function addCodesAsStaff(
  deps: Deps,
  actor: StaffActor,
  slug: string,
  codes: string,
  validUntil?: string | null,
) {
  if (codes.length > CODES_TEXT_MAX) {
    throw badUserInput(STAFF_REWARD_MESSAGES.codesTooLong, { codes: STAFF_REWARD_MESSAGES.codesTooLong });
  }
  if (!codes.trim()) throw badUserInput(STAFF_REWARD_MESSAGES.codesText, { codes: STAFF_REWARD_MESSAGES.codesText });
  const loaded = await loadCodes(deps, slug, codes, actor, { validUntil: clean(validUntil) });
  return { added: loaded.added, skipped: loaded.skipped, reward: await stockOf(deps.db, slug) };
}

export async function generateCodesAsStaff(
  deps: Deps,
  actor: StaffActor,
  slug: string,
  spec: { count: number; prefix?: string | null; validUntil?: string | null },
) {
  if (!Number.isInteger(spec.count) || spec.count < 1 || spec.count > GENERATE_MAX) {
    throw badUserInput(STAFF_REWARD_MESSAGES.count, { count: STAFF_REWARD_MESSAGES.count });
  }
  const loaded = await generateCodes(
    deps,
    slug,
    { count: String(spec.count), prefix: clean(spec.prefix), validUntil: clean(spec.validUntil) },
    actor,
  );
  return { added: loaded.added, skipped: loaded.skipped, reward: await stockOf(deps.db, slug) };
}
