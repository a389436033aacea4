// The rewards desk's use cases: what staff in the painel (/painel/premios), an operator at the terminal (`npm run
// rewards`) and the content import do to orders and rewards. Each reads the order or reward once, validates once, and
// writes the change, the order's timeline, the member's notification and its audit line (`staff_audit`: who, role,
// before → after) in one transaction, the caller's when given one; each refusal is a DomainError. The painel's
// resolvers (staff-fulfilment.ts) and the terminal (server/cli/rewards.ts) only adapt their input to these.
import { randomInt } from 'node:crypto';
import { CODE_VALIDITY_DAYS } from '../../../common/rewards/rules';
import type { Db, RewardOrderRow, RewardOrderStatus } from '../../db/schema';
import { runInTransaction } from '../../db/transaction';
import { DomainError } from '../../errors/domain-error';
import { notify, type NotificationEvent } from '../notifications';
import { nowOf, type OperatorDeps } from '../service-deps';
import { auditActorOf, recordAudit, type AuditActor } from '../staff';
import * as repo from './repository';
import { loadRewardFolder, rewardRow } from './catalogue';
import { keepPictures } from './photos';
import { cancelOrderIn, issueCodeIn } from './service';
import { givesCode } from './views';

export const REWARD_ACTION_MESSAGES = {
  changedMeanwhile: 'O resgate mudou enquanto isso. Tente de novo.',
} as const;

/** Who acts: an AuditActor, or a name, which is the terminal's operator. */
export type RewardActor = string | AuditActor;

/** The trail's line of an action on a reward (`line.orderId` null) or on an order, in the caller's transaction. */
async function audit(
  trx: Db,
  actor: RewardActor,
  line: { rewardId: number; orderId: number | null },
  trail: { action: string; label: string; before?: Record<string, unknown>; after?: Record<string, unknown> },
  at: string,
): Promise<void> {
  await recordAudit(
    trx,
    auditActorOf(actor),
    {
      action: `reward.${trail.action}`,
      object:
        line.orderId === null
          ? { type: 'reward', id: line.rewardId, label: trail.label }
          : { type: 'reward_order', id: line.orderId, label: trail.label },
      before: trail.before ?? null,
      after: trail.after ?? null,
    },
    new Date(at),
  );
}

/** How an order is named in the trail: its number and its reward. */
async function orderLabel(db: Db, order: RewardOrderRow): Promise<string> {
  const [reward] = await repo.rewardsByIds(db, [order.reward_id]);
  return `Resgate nº ${order.id}${reward ? ` (${reward.name})` : ''}`;
}

export const STATUS_LABELS: Record<RewardOrderStatus, string> = {
  requested: 'solicitado',
  separating: 'em-separacao',
  shipped: 'enviado',
  delivered: 'entregue',
  cancelled: 'cancelado',
};

/** `--status` in Portuguese (as listed) or as stored. */
export function parseStatus(value: string): RewardOrderStatus {
  const key = value.trim().toLowerCase();
  const found = (Object.entries(STATUS_LABELS) as [RewardOrderStatus, string][]).find(
    ([status, label]) => key === status || key === label,
  );
  if (!found) {
    throw new DomainError('BAD_USER_INPUT', `Situação inválida: use ${Object.values(STATUS_LABELS).join(', ')}.`);
  }
  return found[0];
}

export const listRewardsForOperator = (deps: OperatorDeps) => repo.allRewards(deps.db);

export const listOrdersForOperator = (deps: OperatorDeps, status: RewardOrderStatus | null) =>
  repo.ordersForOperator(deps.db, status);

async function findOrder(db: Db, ref: string): Promise<RewardOrderRow> {
  const id = /^#?\d{1,12}$/.test(ref) ? Number(ref.replace('#', '')) : null;
  const order = id === null ? undefined : await repo.orderById(db, id);
  if (!order) throw new DomainError('NOT_FOUND', `Nenhum resgate com o número ${ref}.`);
  return order;
}

export interface OrderMove {
  /** False when the order was already there: nothing was written. */
  readonly changed: boolean;
  readonly order: RewardOrderRow;
}

const TOO_LATE: Partial<Record<RewardOrderStatus, string>> = {
  cancelled: 'Este resgate foi cancelado.',
  delivered: 'Este resgate já foi entregue.',
};

/** The staff trail's verb of each move (`reward.separate`…). */
const TRAIL_ACTIONS: Record<RewardOrderStatus, string> = {
  requested: 'request',
  separating: 'separate',
  shipped: 'ship',
  delivered: 'deliver',
  cancelled: 'cancel',
};

/**
 * Tells the member of an order the club moved, in the move's transaction (the inbox, and a push where allowed); the
 * e-mail and SMS of notify.ts follow the commit as before. A delivered voucher or course is "your code is ready"; a
 * shipped order's notice carries its tracking code, what the member opens it for.
 */
async function noticeOfOrder(trx: Db, order: RewardOrderRow, at: string): Promise<void> {
  const moved = (await repo.orderById(trx, order.id))!;
  const [reward] = await repo.rewardsByIds(trx, [moved.reward_id]);
  const about = {
    type: 'reward-order',
    userId: moved.user_id,
    orderId: moved.id,
    rewardName: reward?.name ?? 'prêmio',
  } as const;
  let event: NotificationEvent;
  if (moved.status === 'shipped') {
    // shipOrder wrote both with the move, in this transaction.
    event = { ...about, status: 'shipped', shipment: { carrier: moved.carrier!, trackingCode: moved.tracking_code! } };
  } else {
    event = {
      ...about,
      status: moved.status === 'delivered' && reward && givesCode(reward) ? 'code-ready' : moved.status,
    };
  }
  await notify(trx, event, new Date(at));
}

/** Moves an order to `to` from one of `from`, with its timeline event and the audit, in one transaction. */
async function moveOrder(
  deps: OperatorDeps,
  ref: string,
  actor: RewardActor,
  to: RewardOrderStatus,
  from: readonly RewardOrderStatus[],
  extra: { carrier?: string; tracking_code?: string; note?: string | null } = {},
): Promise<OrderMove> {
  const at = nowOf(deps).toISOString();
  return runInTransaction(deps.db, async (trx) => {
    const order = await findOrder(trx, ref);
    if (order.status === to) return { changed: false, order };
    // A held order goes on only once the club trusts it: released first, or cancelled.
    if (order.status === 'requested' && order.review_reason !== null) {
      throw new DomainError('BAD_USER_INPUT', 'Este resgate está em análise: libere-o ou cancele-o antes.');
    }
    if (!from.includes(order.status)) {
      throw new DomainError(
        'BAD_USER_INPUT',
        TOO_LATE[order.status] ??
          `O resgate está "${STATUS_LABELS[order.status]}": só passa a "${STATUS_LABELS[to]}" a partir de ${from
            .map((s) => `"${STATUS_LABELS[s]}"`)
            .join(' ou ')}.`,
      );
    }
    const { note = null, ...columns } = extra;
    if (!(await repo.moveOrder(trx, order.id, from, { status: to, ...columns, updated_at: at }))) {
      throw new DomainError('BAD_USER_INPUT', REWARD_ACTION_MESSAGES.changedMeanwhile);
    }
    await repo.insertEvent(trx, order.id, to, note, at);
    await audit(
      trx,
      actor,
      { rewardId: order.reward_id, orderId: order.id },
      {
        action: TRAIL_ACTIONS[to],
        label: await orderLabel(trx, order),
        before: { status: order.status },
        after: { status: to, ...columns },
      },
      at,
    );
    await noticeOfOrder(trx, order, at);
    return { changed: true, order: (await repo.orderById(trx, order.id))! };
  });
}

export const separateOrder = (deps: OperatorDeps, ref: string, actor: RewardActor) =>
  moveOrder(deps, ref, actor, 'separating', ['requested']);

/** A tracking code and its carrier as staff type them: refused in pt-BR when they are not one. */
function parseShipment(shipment: { tracking: string; carrier?: string | null }) {
  const tracking = shipment.tracking.trim();
  const carrier = shipment.carrier?.trim() || 'Correios';
  if (!/^[A-Za-z0-9-]{4,40}$/.test(tracking)) {
    throw new DomainError('BAD_USER_INPUT', 'Código de rastreio inválido: de 4 a 40 letras, números ou hífens.');
  }
  if (carrier.length > 60)
    throw new DomainError('BAD_USER_INPUT', 'O nome da transportadora pode ter no máximo 60 caracteres.');
  return { tracking, carrier };
}

export function shipOrder(
  deps: OperatorDeps,
  ref: string,
  actor: RewardActor,
  shipment: { tracking: string; carrier?: string | null },
) {
  const { tracking, carrier } = parseShipment(shipment);
  return moveOrder(deps, ref, actor, 'shipped', ['requested', 'separating'], {
    carrier,
    tracking_code: tracking,
    note: `${carrier} · ${tracking}`,
  });
}

/**
 * Corrects the tracking code (and carrier) of an order already shipped: a correction, not a new shipment. The
 * timeline keeps both codes, the trail says before → after, and the member is told the new code is the one to follow.
 */
export async function correctTracking(
  deps: OperatorDeps,
  ref: string,
  actor: RewardActor,
  shipment: { tracking: string; carrier?: string | null },
): Promise<OrderMove> {
  const { tracking, carrier } = parseShipment(shipment);
  const at = nowOf(deps).toISOString();
  return runInTransaction(deps.db, async (trx) => {
    const order = await findOrder(trx, ref);
    if (order.status !== 'shipped') {
      throw new DomainError(
        'BAD_USER_INPUT',
        `O resgate está "${STATUS_LABELS[order.status]}": só o código de um resgate "${STATUS_LABELS.shipped}" pode ser corrigido.`,
      );
    }
    if (order.tracking_code === tracking && order.carrier === carrier) return { changed: false, order };
    if (!(await repo.moveOrder(trx, order.id, ['shipped'], { carrier, tracking_code: tracking, updated_at: at }))) {
      throw new DomainError('BAD_USER_INPUT', REWARD_ACTION_MESSAGES.changedMeanwhile);
    }
    const note = `Rastreio corrigido: ${carrier} · ${tracking}`;
    await repo.insertEvent(trx, order.id, 'shipped', note, at);
    await audit(
      trx,
      actor,
      { rewardId: order.reward_id, orderId: order.id },
      {
        action: 'tracking',
        label: await orderLabel(trx, order),
        before: { carrier: order.carrier, trackingCode: order.tracking_code },
        after: { carrier, trackingCode: tracking },
      },
      at,
    );
    const [reward] = await repo.rewardsByIds(trx, [order.reward_id]);
    await notify(
      trx,
      {
        type: 'reward-order',
        userId: order.user_id,
        orderId: order.id,
        rewardName: reward?.name ?? 'prêmio',
        status: 'tracking-corrected',
        shipment: { carrier, trackingCode: tracking },
      },
      new Date(at),
    );
    return { changed: true, order: (await repo.orderById(trx, order.id))! };
  });
}

export const deliverOrder = (deps: OperatorDeps, ref: string, actor: RewardActor) =>
  moveOrder(deps, ref, actor, 'delivered', ['shipped']);

/** The club cancels an order at any time before it is delivered: the points come back as a refund. */
export async function cancelOrderByClub(
  deps: OperatorDeps,
  ref: string,
  actor: RewardActor,
  rawReason: string,
): Promise<OrderMove> {
  const reason = rawReason.trim();
  if (reason.length < 5 || reason.length > 300) {
    throw new DomainError('BAD_USER_INPUT', 'Informe o motivo do cancelamento (de 5 a 300 caracteres): o membro o lê.');
  }
  const now = nowOf(deps);
  return runInTransaction(deps.db, async (trx) => {
    const order = await findOrder(trx, ref);
    if (order.status === 'cancelled') return { changed: false, order };
    if (order.status === 'delivered') throw new DomainError('BAD_USER_INPUT', TOO_LATE.delivered!);
    await cancelOrderIn(trx, order, ['requested', 'separating', 'shipped'], reason, now);
    await audit(
      trx,
      actor,
      { rewardId: order.reward_id, orderId: order.id },
      {
        action: 'cancel',
        label: await orderLabel(trx, order),
        before: { status: order.status },
        after: { status: 'cancelled', reason, refundedPoints: order.points },
      },
      now.toISOString(),
    );
    await noticeOfOrder(trx, order, now.toISOString());
    return { changed: true, order: (await repo.orderById(trx, order.id))! };
  });
}

/** Sets what is left of a reward. */
export async function setRewardStock(
  deps: OperatorDeps,
  slug: string,
  rawStock: string,
  actor: RewardActor,
): Promise<{ before: number; after: number }> {
  if (!/^\d{1,7}$/.test(rawStock.trim())) {
    throw new DomainError('BAD_USER_INPUT', 'Estoque inválido: informe um número inteiro de 0 a 9999999.');
  }
  const stock = Number(rawStock.trim());
  const at = nowOf(deps).toISOString();
  return runInTransaction(deps.db, async (trx) => {
    const reward = await repo.rewardBySlug(trx, slug);
    if (!reward) throw new DomainError('NOT_FOUND', `Nenhum prêmio com o identificador ${slug}.`);
    await repo.setStock(trx, reward.id, stock, at);
    await audit(
      trx,
      actor,
      { rewardId: reward.id, orderId: null },
      { action: 'stock', label: reward.slug, before: { stock: reward.stock }, after: { stock } },
      at,
    );
    return { before: reward.stock, after: stock };
  });
}

/**
 * Loads a folder of reward files (content/premios by default) in one transaction: a new slug is added with the
 * file's stock, an existing one takes everything else from its file (its photos too) and keeps the stock the
 * operator counts.
 */
export async function importRewards(
  deps: OperatorDeps,
  folder: string,
  actor: RewardActor,
  options: { asDraft?: boolean } = {},
): Promise<{ added: string[]; updated: string[] }> {
  const sources = await loadRewardFolder(folder, options);
  const at = nowOf(deps).toISOString();
  return runInTransaction(deps.db, async (trx) => {
    await keepPictures(trx, sources);
    const added: string[] = [];
    const updated: string[] = [];
    for (const source of sources) {
      const existing = await repo.rewardBySlug(trx, source.slug);
      if (existing) {
        const { slug: _slug, stock: _stock, created_at: _created, ...fields } = rewardRow(source, at);
        await repo.updateRewardFromFile(trx, existing.id, fields);
        const detail = source.draft ? 'atualizado, rascunho' : existing.draft ? 'publicado' : 'atualizado';
        await audit(
          trx,
          actor,
          { rewardId: existing.id, orderId: null },
          {
            action: 'import',
            label: source.slug,
            before: { draft: existing.draft === 1 },
            after: { draft: Boolean(source.draft), file: detail },
          },
          at,
        );
        updated.push(source.slug);
      } else {
        const { id } = await repo.insertReward(trx, rewardRow(source, at));
        await audit(
          trx,
          actor,
          { rewardId: id, orderId: null },
          { action: 'import', label: source.slug, after: { draft: Boolean(source.draft), stock: source.stock } },
          at,
        );
        added.push(source.slug);
      }
    }
    return { added, updated };
  });
}

/**
 * Releases an order a risk rule held: it goes on as any other (a voucher or a course gets its code at once). A held
 * order the club does not trust is cancelled instead, which gives the points back.
 */
export async function releaseOrder(deps: OperatorDeps, ref: string, actor: RewardActor): Promise<OrderMove> {
  const at = nowOf(deps).toISOString();
  return runInTransaction(deps.db, async (trx) => {
    const order = await findOrder(trx, ref);
    if (order.review_reason === null) return { changed: false, order };
    if (order.status !== 'requested')
      throw new DomainError('BAD_USER_INPUT', TOO_LATE[order.status] ?? 'O resgate já andou.');
    if (!(await repo.clearReview(trx, order.id, at))) {
      throw new DomainError('BAD_USER_INPUT', REWARD_ACTION_MESSAGES.changedMeanwhile);
    }
    const [reward] = await repo.rewardsByIds(trx, [order.reward_id]);
    if (reward && givesCode(reward)) {
      try {
        await issueCodeIn(trx, order, at);
      } catch {
        throw new DomainError(
          'BAD_USER_INPUT',
          `Não há código livre para ${reward.slug}: carregue códigos (npm run rewards -- codes ${reward.slug} --file …) ou cancele o resgate.`,
        );
      }
    }
    const released = (await repo.orderById(trx, order.id))!;
    await audit(
      trx,
      actor,
      { rewardId: order.reward_id, orderId: order.id },
      {
        action: 'release',
        label: await orderLabel(trx, order),
        before: { status: order.status, held: order.review_reason },
        after: { status: released.status, held: null },
      },
      at,
    );
    await noticeOfOrder(trx, order, at);
    return { changed: true, order: released };
  });
}

// ---- Code pools ------------------------------------------------------------------------------------------------

const CODE = /^[A-Za-z0-9-]{4,40}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Without a date, a code is accepted for CODE_VALIDITY_DAYS from when it is loaded (the rule book says so). */
export const DEFAULT_CODE_VALIDITY_DAYS = CODE_VALIDITY_DAYS;
/** No letters or digits that read alike at a counter (0/O, 1/I/L). */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const MAX_CODES = 100_000;

const validDay = (text: string) => DAY.test(text) && !Number.isNaN(Date.parse(`${text}T12:00:00Z`));

async function codeReward(db: Db, slug: string) {
  const reward = await repo.rewardBySlug(db, slug);
  if (!reward) throw new DomainError('NOT_FOUND', `Nenhum prêmio com o identificador ${slug}.`);
  if (!givesCode(reward)) {
    throw new DomainError(
      'BAD_USER_INPUT',
      `${slug} é um prêmio do tipo ${reward.type}: só vales e cursos têm códigos.`,
    );
  }
  return reward;
}

function defaultValidity(deps: OperatorDeps, validUntil: string | undefined): string {
  if (validUntil !== undefined) {
    if (!validDay(validUntil)) throw new DomainError('BAD_USER_INPUT', 'Validade inválida: use AAAA-MM-DD.');
    return validUntil;
  }
  return new Date(nowOf(deps).getTime() + DEFAULT_CODE_VALIDITY_DAYS * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Reads a CSV of codes: one per line, `código` or `código,validade` (AAAA-MM-DD), an optional header line, `;` also
 * taken as the separator (spreadsheets in pt-BR write it). A code repeated in the text is taken once (a partner's file
 * pasted twice over itself loads as once); every bad line is reported with its number, and nothing is loaded while
 * there is one, so the person fixes those lines and pastes again.
 */
export function parseCodesCsv(text: string, fallbackValidUntil: string): { code: string; validUntil: string }[] {
  const problems: string[] = [];
  const codes: { code: string; validUntil: string }[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    const [code = '', validity = '', ...rest] = line.split(/[,;]/).map((cell) => cell.trim().replace(/^"|"$/g, ''));
    if (index === 0 && /^c[óo]digo$/i.test(code)) return;
    const where = `linha ${index + 1}`;
    if (rest.length > 0) problems.push(`${where}: use "código" ou "código,validade".`);
    else if (!CODE.test(code)) problems.push(`${where}: código inválido (de 4 a 40 letras, números ou hífens).`);
    else if (validity && !validDay(validity)) problems.push(`${where}: validade inválida (use AAAA-MM-DD).`);
    else if (seen.has(code.toUpperCase())) return;
    else {
      seen.add(code.toUpperCase());
      codes.push({ code: code.toUpperCase(), validUntil: validity || fallbackValidUntil });
    }
  });
  if (problems.length > 0) throw new DomainError('BAD_USER_INPUT', problems.slice(0, 20).join('\n'));
  if (codes.length === 0) throw new DomainError('BAD_USER_INPUT', 'O arquivo não tem nenhum código.');
  if (codes.length > MAX_CODES) throw new DomainError('BAD_USER_INPUT', `No máximo ${MAX_CODES} códigos por arquivo.`);
  return codes;
}

export interface CodesLoaded {
  readonly added: number;
  /** Codes already in a pool, left as they were. */
  readonly skipped: number;
  readonly free: number;
}

async function addCodes(
  deps: OperatorDeps,
  slug: string,
  codes: readonly { code: string; validUntil: string }[],
  actor: RewardActor,
  how: string,
): Promise<CodesLoaded> {
  const at = nowOf(deps).toISOString();
  return runInTransaction(deps.db, async (trx) => {
    const reward = await codeReward(trx, slug);
    const freeBefore = (await repo.freeCodeCounts(trx, [reward.id])).get(reward.id) ?? 0;
    const added = await repo.insertCodes(trx, reward.id, codes, at);
    const free = (await repo.freeCodeCounts(trx, [reward.id])).get(reward.id) ?? 0;
    // The codes themselves stay out of the trail: they are what the members redeem.
    await audit(
      trx,
      actor,
      { rewardId: reward.id, orderId: null },
      {
        action: 'codes',
        label: reward.slug,
        before: { free: freeBefore },
        after: { free, added, skipped: codes.length - added, how },
      },
      at,
    );
    return { added, skipped: codes.length - added, free };
  });
}

/** Loads the codes of a CSV (the partner's or the course's own) into a reward's pool. */
export async function loadCodes(
  deps: OperatorDeps,
  slug: string,
  csv: string,
  actor: RewardActor,
  options: { validUntil?: string } = {},
): Promise<CodesLoaded> {
  await codeReward(deps.db, slug);
  return addCodes(deps, slug, parseCodesCsv(csv, defaultValidity(deps, options.validUntil)), actor, 'arquivo');
}

export interface GeneratedCodes {
  readonly count: string;
  readonly length?: string;
  readonly prefix?: string;
  readonly alphabet?: string;
  readonly validUntil?: string;
}

/** Generates codes the club issues itself (its own vouchers): random, from an alphabet that reads well aloud. */
export async function generateCodes(
  deps: OperatorDeps,
  slug: string,
  spec: GeneratedCodes,
  actor: RewardActor,
): Promise<CodesLoaded> {
  const count = /^\d{1,6}$/.test(spec.count) ? Number(spec.count) : NaN;
  if (!(count >= 1 && count <= MAX_CODES))
    throw new DomainError('BAD_USER_INPUT', `Quantidade inválida: de 1 a ${MAX_CODES}.`);
  const length = spec.length === undefined ? 8 : /^\d{1,2}$/.test(spec.length) ? Number(spec.length) : NaN;
  if (!(length >= 6 && length <= 32))
    throw new DomainError('BAD_USER_INPUT', 'Tamanho inválido: de 6 a 32 caracteres.');
  const prefix = (spec.prefix ?? '').toUpperCase();
  if (!/^[A-Z0-9-]{0,8}$/.test(prefix))
    throw new DomainError('BAD_USER_INPUT', 'Prefixo inválido: até 8 letras, números ou hífens.');
  const alphabet = [...new Set((spec.alphabet ?? CODE_ALPHABET).toUpperCase())].join('');
  if (!/^[A-Z0-9]{10,36}$/.test(alphabet)) {
    throw new DomainError('BAD_USER_INPUT', 'Alfabeto inválido: de 10 a 36 letras e números diferentes.');
  }
  const validUntil = defaultValidity(deps, spec.validUntil);
  await codeReward(deps.db, slug);
  const codes = new Set<string>();
  while (codes.size < count) {
    let code = prefix;
    for (let i = 0; i < length; i++) code += alphabet[randomInt(alphabet.length)];
    codes.add(code);
  }
  return addCodes(
    deps,
    slug,
    [...codes].map((code) => ({ code, validUntil })),
    actor,
    'gerados',
  );
}
