import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The review lease, for every queue the painel's reviewers work (invoices, projects): one row per object under review,
 * keyed by what it is (`invoice`, `project`) and its id, taken or renewed by the same conditional upsert. One table
 * and one piece of code instead of a copy per queue; the invoices' live leases move over as they are.
 */
export const reviewLeases: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('review_leases')
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'integer', (c) => c.notNull())
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_accounts.id').onDelete('cascade'))
      .addColumn('staff_name', 'text', (c) => c.notNull())
      .addColumn('taken_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('review_leases_pk', ['subject', 'subject_id'])
      .execute();
    await sql`
      INSERT INTO review_leases (subject, subject_id, staff_id, staff_name, taken_at, expires_at)
      SELECT 'invoice', invoice_id, staff_id, staff_name, taken_at, expires_at FROM invoice_review_leases`.execute(db);
    await db.schema.dropTable('invoice_review_leases').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createTable('invoice_review_leases')
      .addColumn('invoice_id', 'integer', (c) => c.primaryKey().references('invoices.id').onDelete('cascade'))
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_accounts.id').onDelete('cascade'))
      .addColumn('staff_name', 'text', (c) => c.notNull())
      .addColumn('taken_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await sql`
      INSERT INTO invoice_review_leases (invoice_id, staff_id, staff_name, taken_at, expires_at)
      SELECT subject_id, staff_id, staff_name, taken_at, expires_at FROM review_leases WHERE subject = 'invoice'`.execute(
      db,
    );
    await db.schema.dropTable('review_leases').execute();
  },
};
