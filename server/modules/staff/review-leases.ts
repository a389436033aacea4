// The review lease of the painel's queues (invoices, projects): opening an object takes it for a few minutes, so two
// reviewers never work the same one, and the other reads who has it. One table (review_leases) for every queue.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database, Db, ReviewSubject } from '../../db/schema';
import { badUserInput } from '../../errors/api-errors';
import type { StaffActor } from '../../graphql/staff-access';
import { recordAudit } from './audit';

/** A reviewer holds an object this long after opening it; the page renews it while it stays open. */
export const REVIEW_LEASE_MS = 5 * 60 * 1000;

export interface LeaseView {
  staffName: string;
  expiresAt: string;
  /** Whether the caller holds it. */
  mine: boolean;
}

interface LeaseRow {
  subject_id: number;
  staff_id: number;
  staff_name: string;
  taken_at: string;
  expires_at: string;
}

const leaseView = (row: LeaseRow, staffId: number): LeaseView => ({
  staffName: row.staff_name,
  expiresAt: row.expires_at,
  mine: row.staff_id === staffId,
});

/** The live leases of these objects, by id, as the caller reads them. */
export async function liveLeases(
  db: Db,
  actor: StaffActor,
  subject: ReviewSubject,
  ids: readonly number[],
  now: Date,
): Promise<Map<number, LeaseView>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('review_leases')
    .selectAll()
    .where('subject', '=', subject)
    .where('subject_id', 'in', [...ids])
    .where('expires_at', '>', now.toISOString())
    .execute();
  return new Map(rows.map((r) => [r.subject_id, leaseView(r, actor.staffId)]));
}

/**
 * Takes the object for the actor, or renews their lease: one conditional upsert, which writes only when the row is
 * missing, expired or already the actor's. Two reviewers racing: one write wins, the other reads the winner's row.
 * A new hold (a renewal keeps its taken_at) writes `<subject>.take` to the audit, in the same transaction.
 */
export async function takeLease(
  db: Db,
  actor: StaffActor,
  target: { subject: ReviewSubject; id: number; label: string },
  at: Date,
): Promise<LeaseView> {
  const now = at.toISOString();
  const expires = new Date(at.getTime() + REVIEW_LEASE_MS).toISOString();
  return db.transaction().execute((trx) => takeIn(trx, actor, target, at, now, expires));
}

/**
 * An admin takes an object another reviewer holds (they left it open and went away): the lease becomes the admin's
 * whoever had it, audited as `<subject>.take-over` with whom it was taken from. The other reviewer's page reads the
 * new holder at its next renewal, and their decision is refused.
 */
export async function takeOverLease(
  db: Db,
  actor: StaffActor,
  target: { subject: ReviewSubject; id: number; label: string },
  at: Date,
): Promise<LeaseView> {
  const now = at.toISOString();
  const expires = new Date(at.getTime() + REVIEW_LEASE_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    const held = await trx
      .selectFrom('review_leases')
      .selectAll()
      .where('subject', '=', target.subject)
      .where('subject_id', '=', target.id)
      .where('expires_at', '>', now)
      .where('staff_id', '!=', actor.staffId)
      .executeTakeFirst();
    if (!held) return takeIn(trx, actor, target, at, now, expires);
    const taken = await trx
      .updateTable('review_leases')
      .set({ staff_id: actor.staffId, staff_name: actor.name, taken_at: now, expires_at: expires })
      .where('subject', '=', target.subject)
      .where('subject_id', '=', target.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      actor,
      {
        action: `${target.subject}.take-over`,
        object: { type: target.subject, id: target.id, label: target.label },
        before: { with: held.staff_name },
        after: { with: actor.name, until: taken.expires_at },
      },
      at,
    );
    return leaseView(taken, actor.staffId);
  });
}

/** Takes or renews the lease inside a transaction (takeLease's conditional upsert). */
async function takeIn(
  trx: Db,
  actor: StaffActor,
  target: { subject: ReviewSubject; id: number; label: string },
  at: Date,
  now: string,
  expires: string,
): Promise<LeaseView> {
  const taken = await trx
    .insertInto('review_leases')
    .values({
      subject: target.subject,
      subject_id: target.id,
      staff_id: actor.staffId,
      staff_name: actor.name,
      taken_at: now,
      expires_at: expires,
    })
    .onConflict((oc) =>
      oc
        .columns(['subject', 'subject_id'])
        .doUpdateSet({
          staff_id: actor.staffId,
          staff_name: actor.name,
          taken_at: sql<string>`case when review_leases.staff_id = ${actor.staffId} then review_leases.taken_at else ${now} end`,
          expires_at: expires,
        })
        .where((eb) =>
          eb.or([eb('review_leases.staff_id', '=', actor.staffId), eb('review_leases.expires_at', '<=', now)]),
        ),
    )
    .returningAll()
    .executeTakeFirst();
  if (taken) {
    if (taken.taken_at === now) {
      await recordAudit(
        trx,
        actor,
        {
          action: `${target.subject}.take`,
          object: { type: target.subject, id: target.id, label: target.label },
          after: { until: taken.expires_at },
        },
        at,
      );
    }
    return leaseView(taken, actor.staffId);
  }
  // The conditional write lost: another reviewer's live lease stands, whose row is there.
  return leaseView((await leaseRow(trx, target))!, actor.staffId);
}

/** The lease row of an object, live or not. */
const leaseRow = (db: Db, target: { subject: ReviewSubject; id: number }) =>
  db
    .selectFrom('review_leases')
    .selectAll()
    .where('subject', '=', target.subject)
    .where('subject_id', '=', target.id)
    .executeTakeFirst();

/** Lets the actor's own lease go before it ends; true when there was one. */
export async function releaseLease(db: Db, actor: StaffActor, subject: ReviewSubject, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('review_leases')
    .where('subject', '=', subject)
    .where('subject_id', '=', id)
    .where('staff_id', '=', actor.staffId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Inside a change's transaction: the actor must hold a live lease of the object. Another reviewer's live lease is
 * refused with `heldBy(their name)`, a missing or expired one with `lost`.
 */
export async function requireLease(
  trx: Db,
  actor: StaffActor,
  target: { subject: ReviewSubject; id: number },
  at: Date,
  messages: { heldBy: (name: string) => string; lost: string },
): Promise<void> {
  const now = at.toISOString();
  const lease = await leaseRow(trx, target);
  if (lease && lease.staff_id !== actor.staffId && lease.expires_at > now)
    throw badUserInput(messages.heldBy(lease.staff_name));
  if (!lease || lease.staff_id !== actor.staffId || lease.expires_at <= now) throw badUserInput(messages.lost);
}

/** Ends the object's lease (it was decided), in the decision's transaction. */
export async function endLease(trx: Db, subject: ReviewSubject, id: number): Promise<void> {
  await trx.deleteFrom('review_leases').where('subject', '=', subject).where('subject_id', '=', id).execute();
}

/**
 * The staff's part of deleting a member with their data (ClubModule.removeMember): a hold on one of the member's
 * invoices or projects ends, whoever has it (no foreign key ties a lease to its object). No file of the member's.
 */
export async function endLeasesOfMember(trx: Db, member: { id: number }): Promise<string[]> {
  // The leases and the assignments of the member's objects: keyed by subject and id, no foreign key takes them.
  for (const table of ['review_leases', 'review_assignments'] as const) {
    await trx
      .deleteFrom(table)
      .where((eb) =>
        eb.or([
          eb.and([
            eb('subject', '=', 'invoice'),
            eb('subject_id', 'in', eb.selectFrom('invoices').select('id').where('user_id', '=', member.id)),
          ]),
          eb.and([
            eb('subject', '=', 'project'),
            eb('subject_id', 'in', eb.selectFrom('projects').select('id').where('user_id', '=', member.id)),
          ]),
        ]),
      )
      .execute();
  }
  return [];
}

/** A condition for a queue's query: nobody but the actor holds the object whose id is `idColumn` now. */
export const notHeldByOthers =
  (subject: ReviewSubject, idColumn: string, actor: StaffActor, at: Date) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any queue's tables: only review_leases is read
  (eb: ExpressionBuilder<Database, any>): Expression<SqlBool> =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('review_leases')
          .select('review_leases.subject_id')
          .where('review_leases.subject', '=', subject)
          .where('review_leases.subject_id', '=', sql.ref<number>(idColumn))
          .where('review_leases.staff_id', '!=', actor.staffId)
          .where('review_leases.expires_at', '>', at.toISOString()),
      ),
    );
