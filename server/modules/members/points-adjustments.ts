// Manual points adjustments: an admin credits or debits a member a whole number of points with a reason the member
// reads in the extract ("Ajuste: <motivo>"). Points are money, so an adjustment is authentic (an admin, or the
// terminal's operator), bounded, audited in its own transaction, and undone only by an opposite ledger entry, never an
// edit. Above REVIEW_FOUR_EYES_POINTS (in absolute value) it is only a request: another admin confirms it (never the
// one who asked) and only then is the ledger written, or refuses it with a reason. The painel's resolvers
// (staff-resolvers.ts) and `npm run members -- ajustar` only adapt their input to these.
import type { Db, PointsAdjustmentRow, UserRow } from '../../db/schema';
import { runInTransaction } from '../../db/transaction';
import { DomainError } from '../../errors/domain-error';
import { notify } from '../notifications';
import {
  appendEntries,
  getBalance,
  InsufficientPointsError,
  lockMemberPoints,
  refundPoints,
  spendPoints,
} from '../points';
import * as staff from '../staff';
import type { AuditActor } from '../staff';
import { findUserById } from '../users';
import { nowOf, type OperatorDeps } from '../service-deps';

/** The most one adjustment may move, either way. */
export const ADJUSTMENT_POINTS_MAX = 1_000_000;

const pts = (n: number) => `${n.toLocaleString('pt-BR')} ${Math.abs(n) === 1 ? 'ponto' : 'pontos'}`;
/** "+150 pontos", "−20 pontos". */
export const signedPoints = (n: number) => `${n > 0 ? '+' : '−'}${pts(Math.abs(n))}`;

export const ADJUSTMENT_MESSAGES = {
  memberNotFound: 'Membro não encontrado.',
  notFound: 'Ajuste não encontrado.',
  adminOnly: 'Só um admin ajusta pontos à mão.',
  points: `Informe os pontos: um número inteiro diferente de zero, de −${ADJUSTMENT_POINTS_MAX.toLocaleString(
    'pt-BR',
  )} a +${ADJUSTMENT_POINTS_MAX.toLocaleString('pt-BR')} (use − para debitar).`,
  reason: 'Informe o motivo do ajuste (3 a 500 caracteres): o membro lê no extrato.',
  refuseReason: 'Informe o motivo da recusa (3 a 500 caracteres).',
  reverseReason: 'Informe o motivo do estorno (3 a 500 caracteres): o membro lê no extrato.',
  insufficient: (balance: number, debit: number) =>
    `Saldo insuficiente: o membro tem ${pts(balance)} e o débito é de ${pts(debit)}. O saldo nunca fica negativo por um ajuste.`,
  pending: (name: string, points: number) =>
    `${name} já pediu um ajuste de ${signedPoints(points)} para este membro: ele espera a confirmação ou a recusa de outro admin.`,
  notPending: 'Este ajuste não espera mais confirmação: ele já foi confirmado ou recusado.',
  notApplied: 'Só um ajuste aplicado pode ser estornado (e uma vez só).',
} as const;

/** The description the member reads in the extract. */
const entryText = (reason: string) => `Ajuste: ${reason}`;
const reversalText = (reason: string) => `Estorno de ajuste: ${reason}`;

export interface AdjustmentInput {
  /** Signed: positive credits, negative debits. */
  readonly points: number;
  readonly reason: string;
  /** The person confirmed the member and the points (required above REVIEW_CONFIRM_POINTS). */
  readonly confirmed?: boolean;
}

const memberName = (user: UserRow) => `${user.name} ${user.sur_name}`.trim();
const auditLabel = (user: UserRow, points: number) => `${memberName(user)}: ${signedPoints(points)}`;

function requireAdmin(actor: AuditActor): void {
  if (actor.kind === 'staff' && actor.role !== 'admin')
    throw new DomainError('FORBIDDEN', ADJUSTMENT_MESSAGES.adminOnly);
}

const findAdjustment = (db: Db, id: number) =>
  db.selectFrom('points_adjustments').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * The adjustment of this id, read after its member's points are held (so two people acting on it take turns: the
 * second reads what the first wrote), with its member.
 */
async function lockedAdjustment(trx: Db, id: number, at: Date): Promise<{ adj: PointsAdjustmentRow; user: UserRow }> {
  const found = Number.isSafeInteger(id) ? await findAdjustment(trx, id) : undefined;
  if (!found) throw new DomainError('NOT_FOUND', ADJUSTMENT_MESSAGES.notFound);
  await lockMemberPoints(trx, found.user_id, at);
  const adj = (await findAdjustment(trx, id)) ?? found;
  const user = await findUserById(trx, adj.user_id);
  if (!user) throw new DomainError('NOT_FOUND', ADJUSTMENT_MESSAGES.memberNotFound);
  return { adj, user };
}

/** Writes the adjustment's entry: a credit is a lot with the club's validity; a debit spends like a redemption. */
async function writeEntry(trx: Db, adj: PointsAdjustmentRow, at: Date): Promise<number> {
  const description = entryText(adj.reason);
  if (adj.points > 0) {
    const [row] = await appendEntries(
      trx,
      adj.user_id,
      [{ userId: adj.user_id, kind: 'adjustment', points: adj.points, description }],
      at,
    );
    return row!.id;
  }
  try {
    const row = await spendPoints(trx, adj.user_id, { points: -adj.points, description, kind: 'adjustment' }, at);
    return row.id;
  } catch (error) {
    if (!(error instanceof InsufficientPointsError)) throw error;
    throw new DomainError('BAD_USER_INPUT', ADJUSTMENT_MESSAGES.insufficient(error.balance, error.needed), 'points');
  }
}

/** Applies a pending adjustment in the caller's transaction: the entry, the row, the member's notice, the audit line. */
async function apply(
  trx: Db,
  actor: AuditActor,
  adj: PointsAdjustmentRow,
  user: UserRow,
  at: Date,
  extra: Record<string, unknown>,
): Promise<void> {
  const entryId = await writeEntry(trx, adj, at);
  const iso = at.toISOString();
  await trx
    .updateTable('points_adjustments')
    .set({ status: 'applied', entry_id: entryId, applied_at: iso })
    .where('id', '=', adj.id)
    .execute();
  await notify(
    trx,
    { type: 'points-adjusted', userId: adj.user_id, points: adj.points, reason: adj.reason, reversed: false },
    at,
  );
  const { balance } = await getBalance(trx, adj.user_id);
  await staff.recordAudit(
    trx,
    actor,
    {
      action: 'adjustment.apply',
      object: { type: 'adjustment', id: adj.id, label: auditLabel(user, adj.points) },
      before: null,
      after: { points: adj.points, reason: adj.reason, balance, member: user.id, ...extra },
    },
    at,
  );
}

/**
 * An admin's adjustment of a member's points: applied now (the ledger entry, the member's notice and the audit line
 * in one transaction), or, above REVIEW_FOUR_EYES_POINTS in absolute value, only recorded as a request for another
 * admin. A debit never takes the balance below zero; one request per member waits at a time.
 */
export function adjustPoints(
  deps: OperatorDeps,
  actor: AuditActor,
  memberId: number,
  input: AdjustmentInput,
): Promise<PointsAdjustmentRow> {
  requireAdmin(actor);
  const { points } = input;
  if (!Number.isInteger(points) || points === 0 || Math.abs(points) > ADJUSTMENT_POINTS_MAX) {
    throw new DomainError('BAD_USER_INPUT', ADJUSTMENT_MESSAGES.points, 'points');
  }
  const reason = staff.reasonOf(input.reason, ADJUSTMENT_MESSAGES.reason);
  const at = nowOf(deps);
  return runInTransaction(deps.db, async (trx) => {
    const user = Number.isSafeInteger(memberId) ? await findUserById(trx, memberId) : undefined;
    if (!user) throw new DomainError('NOT_FOUND', ADJUSTMENT_MESSAGES.memberNotFound);
    await lockMemberPoints(trx, user.id, at);
    const waiting = await trx
      .selectFrom('points_adjustments')
      .select(['requested_by_name', 'points'])
      .where('user_id', '=', user.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (waiting)
      throw new DomainError('BAD_USER_INPUT', ADJUSTMENT_MESSAGES.pending(waiting.requested_by_name, waiting.points));
    if (points < 0) {
      // Refused at once rather than after a second person's confirmation (checked again when it is applied).
      const { balance } = await getBalance(trx, user.id);
      if (balance < -points)
        throw new DomainError('BAD_USER_INPUT', ADJUSTMENT_MESSAGES.insufficient(balance, -points), 'points');
    }
    const adj = await trx
      .insertInto('points_adjustments')
      .values({
        user_id: user.id,
        points,
        reason,
        status: 'pending',
        requested_by_staff_id: actor.kind === 'staff' ? actor.staffId : null,
        requested_by_name: staff.actorLabel(actor),
        requested_at: at.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const target = {
      subject: 'adjustment' as const,
      id: adj.id,
      label: auditLabel(user, points),
      userId: user.id,
      points: Math.abs(points),
      status: 'pending',
      flagged: false,
      reason,
    };
    const held = await staff.holdForSecondApproval(
      trx,
      deps.config,
      actor,
      target,
      { confirmed: input.confirmed === true },
      at,
    );
    if (!held) await apply(trx, actor, adj, user, at, {});
    return (await findAdjustment(trx, adj.id))!;
  });
}

/**
 * Another admin's confirmation of a pending adjustment: the ledger is written now, once. Of two confirmations racing,
 * the second waits on the member's points and then reads that the adjustment is no longer pending.
 */
export function confirmPointsAdjustment(
  deps: OperatorDeps,
  actor: AuditActor,
  id: number,
): Promise<PointsAdjustmentRow> {
  requireAdmin(actor);
  const at = nowOf(deps);
  return runInTransaction(deps.db, async (trx) => {
    const { adj, user } = await lockedAdjustment(trx, id, at);
    if (adj.status !== 'pending') throw new DomainError('BAD_USER_INPUT', ADJUSTMENT_MESSAGES.notPending);
    const request = await staff.takeSecondApproval(trx, actor, 'adjustment', adj.id, at);
    await trx
      .updateTable('points_adjustments')
      .set({ decided_by_name: staff.actorLabel(actor), decided_at: at.toISOString() })
      .where('id', '=', adj.id)
      .execute();
    await apply(trx, actor, adj, user, at, { requestedBy: request.requested_by_name });
    return (await findAdjustment(trx, adj.id))!;
  });
}

/** Refuses a pending adjustment with a reason (any admin, the one who asked included): nothing is written to the ledger. */
export function refusePointsAdjustment(
  deps: OperatorDeps,
  actor: AuditActor,
  id: number,
  reason: string,
): Promise<PointsAdjustmentRow> {
  requireAdmin(actor);
  const text = staff.reasonOf(reason, ADJUSTMENT_MESSAGES.refuseReason);
  const at = nowOf(deps);
  return runInTransaction(deps.db, async (trx) => {
    const { adj, user } = await lockedAdjustment(trx, id, at);
    if (adj.status !== 'pending') throw new DomainError('BAD_USER_INPUT', ADJUSTMENT_MESSAGES.notPending);
    await staff.cancelPendingApproval(trx, actor, 'adjustment', adj.id, at);
    await trx
      .updateTable('points_adjustments')
      .set({
        status: 'refused',
        decided_by_name: staff.actorLabel(actor),
        decided_at: at.toISOString(),
        refusal_reason: text,
      })
      .where('id', '=', adj.id)
      .execute();
    await staff.recordAudit(
      trx,
      actor,
      {
        action: 'adjustment.refuse',
        object: { type: 'adjustment', id: adj.id, label: auditLabel(user, adj.points) },
        before: { points: adj.points, reason: adj.reason },
        after: { refused: true, refusalReason: text, requestedBy: adj.requested_by_name },
      },
      at,
    );
    return (await findAdjustment(trx, adj.id))!;
  });
}

/**
 * Undoes an applied adjustment with an opposite entry linked to it (`reversal_entry_id`), never an edit of the first.
 * A credit is taken back whole, even past the balance (as an invoice's reversal: points credited by mistake are not
 * kept by spending them first; the next credits pay a negative balance); a debit is given back as a refund gives
 * back a redemption's points (they return to their lots, with their expiry). The member is told; the audit keeps it.
 */
export function reversePointsAdjustment(
  deps: OperatorDeps,
  actor: AuditActor,
  id: number,
  reason: string,
): Promise<PointsAdjustmentRow> {
  requireAdmin(actor);
  const text = staff.reasonOf(reason, ADJUSTMENT_MESSAGES.reverseReason);
  const at = nowOf(deps);
  return runInTransaction(deps.db, async (trx) => {
    const { adj, user } = await lockedAdjustment(trx, id, at);
    if (adj.status !== 'applied') throw new DomainError('BAD_USER_INPUT', ADJUSTMENT_MESSAGES.notApplied);
    const description = reversalText(text);
    const [entry] =
      adj.points > 0
        ? await appendEntries(
            trx,
            adj.user_id,
            [{ userId: adj.user_id, kind: 'adjustment', points: -adj.points, description }],
            at,
          )
        : await refundPoints(trx, adj.user_id, { points: -adj.points, description, kind: 'adjustment' }, at);
    const reversed = await trx
      .updateTable('points_adjustments')
      .set({
        status: 'reversed',
        reversed_by_name: staff.actorLabel(actor),
        reversed_at: at.toISOString(),
        reversal_reason: text,
        reversal_entry_id: entry!.id,
      })
      .where('id', '=', adj.id)
      .where('status', '=', 'applied')
      .executeTakeFirst();
    if (Number(reversed.numUpdatedRows) !== 1) throw new DomainError('BAD_USER_INPUT', ADJUSTMENT_MESSAGES.notApplied);
    await notify(
      trx,
      { type: 'points-adjusted', userId: adj.user_id, points: -adj.points, reason: text, reversed: true },
      at,
    );
    const { balance } = await getBalance(trx, adj.user_id);
    await staff.recordAudit(
      trx,
      actor,
      {
        action: 'adjustment.reverse',
        object: { type: 'adjustment', id: adj.id, label: auditLabel(user, adj.points) },
        before: { points: adj.points, reason: adj.reason },
        after: { reversedPoints: -adj.points, reversalReason: text, balance },
      },
      at,
    );
    return (await findAdjustment(trx, adj.id))!;
  });
}

export interface PointsAdjustmentView {
  readonly id: string;
  readonly points: number;
  readonly reason: string;
  /** pending, applied, refused or reversed. */
  readonly status: PointsAdjustmentRow['status'];
  readonly requestedBy: string;
  readonly requestedAt: string;
  /** Whether the caller asked for it (and so cannot confirm it). */
  readonly mine: boolean;
  readonly decidedBy: string | null;
  readonly decidedAt: string | null;
  readonly refusalReason: string | null;
  readonly appliedAt: string | null;
  readonly reversedBy: string | null;
  readonly reversedAt: string | null;
  readonly reversalReason: string | null;
}

export const adjustmentView = (row: PointsAdjustmentRow, staffId: number | null): PointsAdjustmentView => ({
  id: String(row.id),
  points: row.points,
  reason: row.reason,
  status: row.status,
  requestedBy: row.requested_by_name,
  requestedAt: row.requested_at,
  mine: staffId !== null && row.requested_by_staff_id === staffId,
  decidedBy: row.decided_by_name,
  decidedAt: row.decided_at,
  refusalReason: row.refusal_reason,
  appliedAt: row.applied_at,
  reversedBy: row.reversed_by_name,
  reversedAt: row.reversed_at,
  reversalReason: row.reversal_reason,
});

/** How many of a member's adjustments their page lists, newest first. */
export const ADJUSTMENTS_LISTED = 20;

/** A member's adjustments as the painel shows them: the one waiting (if any) and the latest ones. */
export async function memberAdjustments(deps: OperatorDeps, memberId: number, staffId: number | null) {
  const user = Number.isSafeInteger(memberId) ? await findUserById(deps.db, memberId) : undefined;
  if (!user) throw new DomainError('NOT_FOUND', ADJUSTMENT_MESSAGES.memberNotFound);
  const rows = await deps.db
    .selectFrom('points_adjustments')
    .selectAll()
    .where('user_id', '=', user.id)
    .orderBy('id', 'desc')
    .limit(ADJUSTMENTS_LISTED)
    .execute();
  const pending = rows.find((r) => r.status === 'pending') ?? null;
  const { balance } = await getBalance(deps.db, user.id);
  return {
    memberId: String(user.id),
    memberName: memberName(user),
    balance,
    confirmPoints: deps.config.reviewConfirmPoints,
    fourEyesPoints: deps.config.reviewFourEyesPoints,
    pointsMax: ADJUSTMENT_POINTS_MAX,
    pending: pending ? adjustmentView(pending, staffId) : null,
    adjustments: rows.map((r) => adjustmentView(r, staffId)),
  };
}
