// Whose work an object of a review queue is: a lead gives a selection of invoices to a reviewer, each reviewer reads
// "Atribuídas a mim". Unlike the lease, an assignment locks nobody out: it orders the work, the lease guards it.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database, Db, ReviewSubject } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import type { StaffActor } from '../../graphql/staff-access';
import { actorLabel, recordAudit } from './audit';

/** The roles whose members review a queue, and so can be given its work. */
const REVIEWER_ROLES = ['revisor', 'admin'] as const;

export const ASSIGNMENT_MESSAGES = {
  reviewer: 'Escolha uma pessoa da equipe que analisa notas (revisor ou admin, ativa).',
} as const;

export interface Reviewer {
  id: string;
  name: string;
  email: string;
}

export interface AssignmentView {
  staffName: string;
  /** Whether it is the caller's. */
  mine: boolean;
}

/** The active staff who can be given review work, by name. */
export async function reviewers(db: Db): Promise<Reviewer[]> {
  const rows = await db
    .selectFrom('staff_accounts')
    .innerJoin('staff_roles', 'staff_roles.staff_id', 'staff_accounts.id')
    .select(['staff_accounts.id', 'staff_accounts.name', 'staff_accounts.email'])
    .where('staff_roles.role', 'in', [...REVIEWER_ROLES])
    .where('staff_accounts.disabled_at', 'is', null)
    .where('staff_accounts.password_hash', 'is not', null)
    .distinct()
    .orderBy('staff_accounts.name')
    .execute();
  return rows.map((r) => ({ id: String(r.id), name: r.name, email: r.email }));
}

/** A reviewer by id (as the painel sends it), or the refusal the form shows under its field. */
async function reviewerOf(db: Db, staffId: string): Promise<Reviewer> {
  const found = (await reviewers(db)).find((r) => r.id === staffId);
  if (!found) throw new DomainError('BAD_USER_INPUT', ASSIGNMENT_MESSAGES.reviewer, 'staffId');
  return found;
}

/**
 * Gives one object to a reviewer (or to nobody, `to` null), inside the caller's transaction, with its audit line
 * (`<subject>.assign`, who had it and who has it now). Nothing is written when it is already so.
 */
export async function assignIn(
  trx: Db,
  actor: StaffActor,
  target: { subject: ReviewSubject; id: number; label: string },
  to: Reviewer | null,
  at: Date,
): Promise<boolean> {
  const current = await trx
    .selectFrom('review_assignments')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'review_assignments.staff_id')
    .select(['review_assignments.staff_id', 'staff_accounts.name'])
    .where('subject', '=', target.subject)
    .where('subject_id', '=', target.id)
    .executeTakeFirst();
  if ((current ? String(current.staff_id) : null) === (to?.id ?? null)) return false;
  if (to) {
    const row = {
      staff_id: Number(to.id),
      assigned_by: actorLabel(actor),
      assigned_at: at.toISOString(),
    };
    await trx
      .insertInto('review_assignments')
      .values({ subject: target.subject, subject_id: target.id, ...row })
      .onConflict((oc) => oc.columns(['subject', 'subject_id']).doUpdateSet(row))
      .execute();
  } else {
    await trx
      .deleteFrom('review_assignments')
      .where('subject', '=', target.subject)
      .where('subject_id', '=', target.id)
      .execute();
  }
  await recordAudit(
    trx,
    actor,
    {
      action: `${target.subject}.assign`,
      object: { type: target.subject, id: target.id, label: target.label },
      before: { to: current?.name ?? null },
      after: { to: to?.name ?? null },
    },
    at,
  );
  return true;
}

/** The reviewer an assignment names, checked once for a whole selection; null gives the selection to nobody. */
export const assigneeOf = (db: Db, staffId: string | null): Promise<Reviewer | null> =>
  staffId === null ? Promise.resolve(null) : reviewerOf(db, staffId);

/** The assignments of these objects, by id, as the caller reads them. */
export async function assignmentsOf(
  db: Db,
  actor: StaffActor,
  subject: ReviewSubject,
  ids: readonly number[],
): Promise<Map<number, AssignmentView>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('review_assignments')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'review_assignments.staff_id')
    .select(['review_assignments.subject_id', 'review_assignments.staff_id', 'staff_accounts.name'])
    .where('subject', '=', subject)
    .where('subject_id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.subject_id, { staffName: r.name, mine: r.staff_id === actor.staffId }]));
}

/**
 * A condition for a queue's query on who the object is given to: `me` (the caller), `none` (nobody) or a staff id.
 * Anything else matches nothing rather than everything: a filter never widens silently.
 */
export const assignedTo =
  (subject: ReviewSubject, idColumn: string, actor: StaffActor, who: string) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any queue's tables: only review_assignments is read
  (eb: ExpressionBuilder<Database, any>): Expression<SqlBool> => {
    const given = eb
      .selectFrom('review_assignments')
      .select('review_assignments.subject_id')
      .where('review_assignments.subject', '=', subject)
      .where('review_assignments.subject_id', '=', sql.ref<number>(idColumn));
    if (who === 'none') return eb.not(eb.exists(given));
    const staffId = who === 'me' ? actor.staffId : /^\d{1,9}$/.test(who) ? Number(who) : 0;
    return eb.exists(given.where('review_assignments.staff_id', '=', staffId));
  };
