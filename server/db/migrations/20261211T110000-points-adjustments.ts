import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../database';
import { idColumn } from '../dialect';

const subjectList = (subjects: readonly string[]) => sql.raw(subjects.map((s) => `'${s}'`).join(', '));
const BEFORE = ['invoice', 'project'];
const AFTER = [...BEFORE, 'adjustment'];

/**
 * `approval_requests.subject` takes the subjects given. PostgreSQL swaps the column's check; SQLite cannot alter a
 * check, so the table is copied into a new one (with its ids) and its partial unique index made again.
 */
async function allowSubjects(db: Kysely<unknown>, subjects: readonly string[]): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`ALTER TABLE approval_requests DROP CONSTRAINT IF EXISTS approval_requests_subject_check`.execute(db);
    await sql`ALTER TABLE approval_requests ADD CONSTRAINT approval_requests_subject_check CHECK (subject in (${subjectList(subjects)}))`.execute(
      db,
    );
    return;
  }
  await sql`CREATE TABLE approval_requests_next (
    id integer PRIMARY KEY AUTOINCREMENT,
    subject text NOT NULL CHECK (subject in (${subjectList(subjects)})),
    subject_id integer NOT NULL,
    label text NOT NULL,
    user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    points integer NOT NULL,
    requested_by_staff_id integer REFERENCES staff_accounts (id) ON DELETE SET NULL,
    requested_by_name text NOT NULL,
    requested_at text NOT NULL,
    status text NOT NULL DEFAULT 'pending' CHECK (status in ('pending', 'approved', 'cancelled')),
    decided_by_name text,
    decided_at text,
    items_json text
  )`.execute(db);
  await sql`INSERT INTO approval_requests_next (id, subject, subject_id, label, user_id, points, requested_by_staff_id,
      requested_by_name, requested_at, status, decided_by_name, decided_at, items_json)
    SELECT id, subject, subject_id, label, user_id, points, requested_by_staff_id, requested_by_name, requested_at,
      status, decided_by_name, decided_at, items_json
    FROM approval_requests WHERE subject in (${subjectList(subjects)})`.execute(db);
  await sql`DROP TABLE approval_requests`.execute(db);
  await sql`ALTER TABLE approval_requests_next RENAME TO approval_requests`.execute(db);
  await sql`CREATE UNIQUE INDEX approval_requests_pending_idx ON approval_requests (subject, subject_id) WHERE status = 'pending'`.execute(
    db,
  );
}

/**
 * Manual points adjustments (server/modules/members/points-adjustments.ts): an admin credits or debits a member with
 * a reason. Each adjustment is a row here: `pending` while a second admin must confirm it (above
 * REVIEW_FOUR_EYES_POINTS, with its `approval_requests` row of subject `adjustment`), `applied` with the ledger entry
 * it wrote, `refused`, or `reversed` with the opposite entry that undid it. One pending adjustment per member.
 */
export const pointsAdjustments: Migration = {
  async up(db: Kysely<unknown>) {
    await allowSubjects(db, AFTER);
    await db.schema
      .createTable('points_adjustments')
      .$call(idColumn(db))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // Signed: a credit is positive, a debit negative; never zero.
      .addColumn('points', 'integer', (c) => c.notNull().check(sql`points <> 0`))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status in ('pending', 'applied', 'refused', 'reversed')`),
      )
      .addColumn('requested_by_staff_id', 'integer', (c) => c.references('staff_accounts.id').onDelete('set null'))
      .addColumn('requested_by_name', 'text', (c) => c.notNull())
      .addColumn('requested_at', 'text', (c) => c.notNull())
      .addColumn('decided_by_name', 'text')
      .addColumn('decided_at', 'text')
      .addColumn('refusal_reason', 'text')
      .addColumn('entry_id', 'integer', (c) => c.references('points_ledger.id').onDelete('set null'))
      .addColumn('applied_at', 'text')
      .addColumn('reversed_by_name', 'text')
      .addColumn('reversed_at', 'text')
      .addColumn('reversal_reason', 'text')
      .addColumn('reversal_entry_id', 'integer', (c) => c.references('points_ledger.id').onDelete('set null'))
      .execute();
    await db.schema
      .createIndex('points_adjustments_user_idx')
      .on('points_adjustments')
      .columns(['user_id', 'id'])
      .execute();
    await db.schema
      .createIndex('points_adjustments_pending_idx')
      .on('points_adjustments')
      .column('user_id')
      .unique()
      .where(sql.ref('status'), '=', 'pending')
      .execute();
    await db.schema
      .createIndex('points_adjustments_applied_idx')
      .on('points_adjustments')
      .column('applied_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('points_adjustments').execute();
    await allowSubjects(db, BEFORE);
  },
};
