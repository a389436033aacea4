import type { Kysely, Migration } from 'kysely';

/**
 * Who an object of a review queue is given to (an invoice today): one row per assigned object, keyed like
 * `review_leases`. An assignment says whose work it is; the lease still says who has it open, so giving an invoice to
 * someone never locks the others out. The row goes with the staff account (a removed account's work is free again).
 */
export const reviewAssignments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('review_assignments')
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'integer', (c) => c.notNull())
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_accounts.id').onDelete('cascade'))
      .addColumn('assigned_by', 'text', (c) => c.notNull())
      .addColumn('assigned_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('review_assignments_pk', ['subject', 'subject_id'])
      .execute();
    // "Atribuídas a mim": a reviewer's own list is read by staff id.
    await db.schema
      .createIndex('review_assignments_staff_idx')
      .on('review_assignments')
      .columns(['staff_id', 'subject', 'subject_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('review_assignments').execute();
  },
};
