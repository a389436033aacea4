import { sql, type Kysely, type Migration } from 'kysely';
import { idColumn } from '../dialect';

/**
 * Four eyes on large approvals: a staff approval above REVIEW_FOUR_EYES_POINTS is written here as a request, and the
 * points are credited only when a second staff account confirms it. One pending request per reviewed object at most
 * (a partial unique index), so two requests racing leave one.
 */
export const approvalRequests: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('approval_requests')
      .$call(idColumn(db))
      .addColumn('subject', 'text', (c) => c.notNull().check(sql`subject in ('invoice', 'project')`))
      .addColumn('subject_id', 'integer', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('points', 'integer', (c) => c.notNull())
      // Null when the terminal asked: no account, so any staff account may confirm it.
      .addColumn('requested_by_staff_id', 'integer', (c) => c.references('staff_accounts.id').onDelete('set null'))
      .addColumn('requested_by_name', 'text', (c) => c.notNull())
      .addColumn('requested_at', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('pending')
          .check(sql`status in ('pending', 'approved', 'cancelled')`),
      )
      .addColumn('decided_by_name', 'text')
      .addColumn('decided_at', 'text')
      .execute();
    await db.schema
      .createIndex('approval_requests_pending_idx')
      .on('approval_requests')
      .columns(['subject', 'subject_id'])
      .unique()
      .where(sql.ref('status'), '=', 'pending')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('approval_requests').execute();
  },
};
