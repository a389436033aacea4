import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The SEFAZ's answer about an approved invoice, asked once by the daily status check (docs/sefaz-status.md): one row
 * per invoice with a conclusive answer (authorised, cancelled, not found), so it is never asked again; an invoice
 * without a row is asked at the next run. The index on approval events finds the last 30 days' approvals without
 * reading every approved invoice the club ever had.
 */
export const invoiceSefazChecks: Migration = {
  async up(db: Kysely<unknown>) {
    // Plain DDL, the same on SQLite and PostgreSQL.
    await sql`
      CREATE TABLE invoice_sefaz_checks (
        invoice_id integer PRIMARY KEY REFERENCES invoices (id) ON DELETE CASCADE,
        outcome text NOT NULL CHECK (outcome IN ('authorised', 'cancelled', 'not_found')),
        c_stat integer NOT NULL,
        reason text NOT NULL,
        checked_at text NOT NULL
      )`.execute(db);
    await sql`CREATE INDEX invoice_events_status_created_idx ON invoice_events (status, created_at)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('invoice_events_status_created_idx').execute();
    await db.schema.dropTable('invoice_sefaz_checks').execute();
  },
};
