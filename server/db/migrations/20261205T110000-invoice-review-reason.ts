import type { Kysely, Migration } from 'kysely';

/**
 * Why the automatic review held an invoice for a person (staff only: the member reads "Em análise"): a failed proof
 * of the NF-e's authenticity, a ceiling of automatic approval, a fourth note of one store on one day. And when the
 * club approved an invoice by itself, so the month's automatically approved points can be added up.
 */
export const invoiceReviewReason: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('invoices').addColumn('review_reason', 'text').execute();
    await db.schema.alterTable('invoices').addColumn('auto_approved_at', 'text').execute();
    await db.schema
      .createIndex('invoices_auto_approved_idx')
      .on('invoices')
      .columns(['user_id', 'auto_approved_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('invoices_auto_approved_idx').execute();
    await db.schema.alterTable('invoices').dropColumn('auto_approved_at').execute();
    await db.schema.alterTable('invoices').dropColumn('review_reason').execute();
  },
};
