import type { Kysely, Migration } from 'kysely';

/**
 * The painel's review lease: a reviewer who opens an invoice holds it for a few minutes, so two reviewers never work
 * the same one. One row per invoice, taken or renewed by a conditional upsert (only when free, expired or already
 * the caller's), so two reviewers racing get one winner on either database. The index on the files' SHA-256 finds
 * the same bytes sent on another invoice (the risk signal "mesmo arquivo").
 */
export const invoiceReviewLeases: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('invoice_review_leases')
      .addColumn('invoice_id', 'integer', (c) => c.primaryKey().references('invoices.id').onDelete('cascade'))
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_accounts.id').onDelete('cascade'))
      .addColumn('staff_name', 'text', (c) => c.notNull())
      .addColumn('taken_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('invoice_files_sha256_idx').on('invoice_files').columns(['sha256']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('invoice_files_sha256_idx').execute();
    await db.schema.dropTable('invoice_review_leases').execute();
  },
};
