import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../database';

/**
 * The indexes a club of 200,000 members needs so that no painel page, member page or daily job reads a whole table
 * (measured by bench/club-at-scale.ts, guarded by server/db/query-plans.test.ts):
 *
 * - the waiting queue (invoices received or in review, by id): a partial index as small as the queue, instead of
 *   walking every invoice the club ever had in id order to find the few thousand waiting;
 * - sign-ups per day (the painel's chart): users by created_at;
 * - the "pontos a vencer" reminders: lots by expiry date, across members;
 * - a member's refused invoices, latest refusal first (home's reminders);
 * - names on PostgreSQL: trigrams of "name surname" in lower case (pg_trgm), the very expression the searches match
 *   with `like '%…%'`. SQLite has no such index: there a name search reads the users table, a few milliseconds at
 *   the embedded default's sizes (docs/performance.md).
 *
 * Plain CREATE INDEX, not CONCURRENTLY: the migrator runs each migration in a transaction, so a failed step leaves
 * no half-migrated schema, and CONCURRENTLY cannot run inside one. A build holds writes to its table (reads go on)
 * for the seconds it takes, during the deploy that runs the migration.
 */
const INDEXES = [
  `CREATE INDEX invoices_waiting_idx ON invoices (id) WHERE status IN ('received', 'in_review')`,
  `CREATE INDEX users_created_idx ON users (created_at)`,
  `CREATE INDEX points_ledger_expires_idx ON points_ledger (expires_at) WHERE lot_cumulative IS NOT NULL`,
  `CREATE INDEX invoices_user_status_updated_idx ON invoices (user_id, status, updated_at, id)`,
];

export const clubAtScaleIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of INDEXES) await sql.raw(statement).execute(db);
    if (dialectOf(db) === 'postgres') {
      // A trusted extension since PostgreSQL 13: the database's owner may create it.
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
      await sql`CREATE INDEX users_name_trgm_idx ON users USING gin (lower(name || ' ' || sur_name) gin_trgm_ops)`.execute(
        db,
      );
    }
  },
  async down(db: Kysely<unknown>) {
    if (dialectOf(db) === 'postgres') await sql`DROP INDEX users_name_trgm_idx`.execute(db);
    for (const statement of INDEXES) {
      const name = /CREATE INDEX (\w+)/.exec(statement)![1]!;
      await sql`DROP INDEX ${sql.id(name)}`.execute(db);
    }
  },
};
