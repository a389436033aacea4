import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The waiting queue is worked oldest first, by arrival (`created_at`, then id), since the painel stopped sorting it
 * by id. Its partial index was still by id, so the first page read every waiting invoice and sorted them: 103 ms at
 * 200,000 members (2,000 waiting) against 22 ms at 2,000 (bench/club-at-scale.ts). Keyed by (created_at, id), the
 * page is the index's first rows, the newest-first order is the same index read backwards, and the painel home's
 * count and oldest arrival read only the index. Plain CREATE INDEX, as in the first scale migration.
 */
export const waitingQueueByArrival: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`DROP INDEX invoices_waiting_idx`.execute(db);
    await sql`CREATE INDEX invoices_waiting_idx ON invoices (created_at, id) WHERE status IN ('received', 'in_review')`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`DROP INDEX invoices_waiting_idx`.execute(db);
    await sql`CREATE INDEX invoices_waiting_idx ON invoices (id) WHERE status IN ('received', 'in_review')`.execute(db);
  },
};
