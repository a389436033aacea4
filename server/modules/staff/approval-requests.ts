// Large and flagged approvals (invoices, projects): the rules every review shares before points are credited. A
// flagged or large approval needs a deliberate confirmation; above REVIEW_FOUR_EYES_POINTS it is only a request, which
// a second staff account (never the one that asked) confirms before any point is credited. The painel and the
// terminal reach these through the modules' actions, so neither can skip them.
import type { AppConfig } from '../../config';
import type { ApprovalRequestRow, Db, ReviewSubject } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { actorLabel as actorName, recordAudit, type AuditActor } from './audit';

const points = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'ponto' : 'pontos'}`;

export const APPROVAL_MESSAGES = {
  confirm: (n: number, flagged: boolean) =>
    flagged
      ? `Esta aprovação tem alertas: confirme que conferiu o membro, os ${points(n)} e os alertas.`
      : `Aprovação grande (${points(n)}): confirme o membro e os pontos.`,
  pending: (name: string, n: number) =>
    `${name} já pediu a aprovação com ${points(n)}: ela espera a confirmação de outra pessoa da equipe.`,
  sameAccount: 'Quem pediu a aprovação não pode confirmá-la: outra pessoa da equipe precisa confirmar.',
  notStaff: 'Uma aprovação grande é confirmada no painel, por outra conta da equipe.',
  nothingPending: 'Não há aprovação esperando confirmação aqui.',
  decided: 'Esta aprovação já foi confirmada ou cancelada por outra pessoa.',
} as const;

export type ApprovalRules = Pick<AppConfig, 'reviewConfirmPoints' | 'reviewFourEyesPoints'>;

/**
 * What a staff or terminal approval of `total` points may do now: refused with BAD_USER_INPUT on `confirmed` when a
 * large or flagged one was not confirmed; `request` above the four-eyes threshold; else `credit`.
 */
function approvalPath(rules: ApprovalRules, input: { total: number; flagged: boolean; confirmed: boolean }) {
  if ((input.flagged || input.total > rules.reviewConfirmPoints) && !input.confirmed) {
    throw new DomainError('BAD_USER_INPUT', APPROVAL_MESSAGES.confirm(input.total, input.flagged), 'confirmed');
  }
  return input.total > rules.reviewFourEyesPoints ? 'request' : 'credit';
}

/** The object's request waiting for a second person, if any. */
const pendingApproval = (db: Db, subject: ReviewSubject, subjectId: number) =>
  db
    .selectFrom('approval_requests')
    .selectAll()
    .where('subject', '=', subject)
    .where('subject_id', '=', subjectId)
    .where('status', '=', 'pending')
    .executeTakeFirst();

export interface ApprovalTarget {
  readonly subject: ReviewSubject;
  readonly id: number;
  /** The invoice's access key or the project's title, as the audit and the lists name it. */
  readonly label: string;
  readonly userId: number;
  readonly points: number;
  /** The object's status now, for the audit line. */
  readonly status: string;
  /** A signal held it for a person (the buyer's CPF, the device rule, a failed proof). */
  readonly flagged: boolean;
  /** The lines keyed from a photo, kept with a request so the second person credits exactly them. */
  readonly items?: readonly unknown[];
  /** Why an admin gave a free number of points, for the request's audit line. */
  readonly reason?: string;
}

/**
 * The first approval's gate, in the caller's transaction. The club's own jobs (`system`) pass: their ceilings are the
 * automatic review's. A person's is refused while another request waits, or unconfirmed when large or flagged; above
 * REVIEW_FOUR_EYES_POINTS it writes the request and its audit line (`<subject>.approve-request`) and answers true:
 * nothing is credited now. False: credit it.
 */
export async function holdForSecondApproval(
  trx: Db,
  rules: ApprovalRules,
  actor: AuditActor,
  target: ApprovalTarget,
  options: { readonly confirmed: boolean },
  at: Date,
): Promise<boolean> {
  if (actor.kind === 'system') return false;
  const pending = await pendingApproval(trx, target.subject, target.id);
  if (pending)
    throw new DomainError('BAD_USER_INPUT', APPROVAL_MESSAGES.pending(pending.requested_by_name, pending.points));
  const path = approvalPath(rules, { total: target.points, flagged: target.flagged, confirmed: options.confirmed });
  if (path === 'credit') return false;
  await trx
    .insertInto('approval_requests')
    .values({
      subject: target.subject,
      subject_id: target.id,
      label: target.label,
      user_id: target.userId,
      points: target.points,
      requested_by_staff_id: actor.kind === 'staff' ? actor.staffId : null,
      requested_by_name: actor.kind === 'member' ? actorName(actor) : actor.name,
      requested_at: at.toISOString(),
      status: 'pending',
      items_json: target.items ? JSON.stringify(target.items) : null,
    })
    .execute();
  await recordAudit(
    trx,
    actor,
    {
      action: `${target.subject}.approve-request`,
      object: { type: target.subject, id: target.id, label: target.label },
      before: { status: target.status },
      after: {
        status: target.status,
        requestedPoints: target.points,
        ...(target.items ? { keyedItems: target.items.length } : {}),
        ...(target.reason ? { reason: target.reason } : {}),
      },
    },
    at,
  );
  return true;
}

/**
 * Ends a pending request: `approved` by the second person, or `cancelled` when the object is refused instead. A
 * conditional write: of two people racing, one closes it and the other reads APPROVAL_MESSAGES.decided.
 */
async function closeApproval(
  trx: Db,
  request: ApprovalRequestRow,
  actor: AuditActor,
  status: 'approved' | 'cancelled',
  at: Date,
): Promise<void> {
  const closed = await trx
    .updateTable('approval_requests')
    .set({ status, decided_by_name: actorName(actor), decided_at: at.toISOString() })
    .where('id', '=', request.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(closed.numUpdatedRows) !== 1) throw new DomainError('BAD_USER_INPUT', APPROVAL_MESSAGES.decided);
}

/**
 * The second person's confirmation, in the caller's transaction: a staff account other than the one that asked (a
 * request from the terminal names no account, so any staff account confirms it). Closes the request and returns it;
 * the caller credits its points.
 */
export async function takeSecondApproval(
  trx: Db,
  actor: AuditActor,
  subject: ReviewSubject,
  subjectId: number,
  at: Date,
): Promise<ApprovalRequestRow> {
  const request = await pendingApproval(trx, subject, subjectId);
  if (!request) throw new DomainError('BAD_USER_INPUT', APPROVAL_MESSAGES.nothingPending);
  if (actor.kind !== 'staff') throw new DomainError('FORBIDDEN', APPROVAL_MESSAGES.notStaff);
  if (request.requested_by_staff_id === actor.staffId) {
    throw new DomainError('FORBIDDEN', APPROVAL_MESSAGES.sameAccount);
  }
  await closeApproval(trx, request, actor, 'approved', at);
  return request;
}

/** A refusal ends a request that waited for a second person: nothing of it is credited. */
export async function cancelPendingApproval(
  trx: Db,
  actor: AuditActor,
  subject: ReviewSubject,
  subjectId: number,
  at: Date,
): Promise<void> {
  const request = await pendingApproval(trx, subject, subjectId);
  if (request) await closeApproval(trx, request, actor, 'cancelled', at);
}

export interface ApprovalRequestView {
  readonly id: string;
  readonly subject: ReviewSubject;
  readonly subjectId: string;
  readonly label: string;
  readonly points: number;
  readonly requestedBy: string;
  readonly requestedAt: string;
  /** Whether the caller asked for it (and so cannot confirm it). */
  readonly mine: boolean;
}

const approvalRequestView = (row: ApprovalRequestRow, staffId: number): ApprovalRequestView => ({
  id: String(row.id),
  subject: row.subject,
  subjectId: String(row.subject_id),
  label: row.label,
  points: row.points,
  requestedBy: row.requested_by_name,
  requestedAt: row.requested_at,
  mine: row.requested_by_staff_id === staffId,
});

/** The object's request waiting for a second person, as the caller reads it; null when none. */
export async function approvalRequestOf(
  db: Db,
  subject: ReviewSubject,
  subjectId: number,
  staffId: number,
): Promise<ApprovalRequestView | null> {
  const request = await pendingApproval(db, subject, subjectId);
  return request ? approvalRequestView(request, staffId) : null;
}

/**
 * Every review request (invoices, projects) waiting for a second person, oldest first (at most `limit`). Manual points
 * adjustments wait on the member's page, for an admin.
 */
export async function pendingApprovals(db: Db, staffId: number, limit = 50): Promise<ApprovalRequestView[]> {
  const rows = await db
    .selectFrom('approval_requests')
    .selectAll()
    .where('status', '=', 'pending')
    .where('subject', 'in', ['invoice', 'project'])
    .orderBy('requested_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => approvalRequestView(row, staffId));
}
