import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../database';

/**
 * Running totals of the points ledger, so nothing that reads the whole club sums millions of rows:
 *
 * - `points_totals`: the ledger's points per São Paulo month and kind, in 16 stripes by member (two approvals of
 *   different members rarely wait on the same row). The painel's month figures read one month's rows; the club's
 *   outstanding balance is the sum of all of them (the ledger's sum, which is the sum of every balance). Kept by
 *   triggers on the ledger, inside the statement that appends (or, for a member's removal, deletes) the rows, so no
 *   write path can forget them; on PostgreSQL a statement trigger adds a whole append at once.
 * - `points_balances.next_expiry_at`: when the member's oldest lot still held expires (null without held points),
 *   moved by every append in its transaction (server/modules/points/ledger.ts); the daily expiry selects the members
 *   due by it, through its index, instead of every member with an old credit.
 */
const STRIPES = 16;

const MONTH_SQLITE = (row: string) => sql.raw(`substr(datetime(${row}.created_at, '-3 hours'), 1, 7)`);
const MONTH_POSTGRES = (row: string) =>
  sql.raw(`to_char(${row}.created_at::timestamptz at time zone 'UTC' - interval '3 hours', 'YYYY-MM')`);

export const pointsRunningTotals: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = dialectOf(db) === 'postgres';
    await sql`
      CREATE TABLE points_totals (
        month text NOT NULL,
        kind text NOT NULL,
        stripe integer NOT NULL,
        points integer NOT NULL,
        PRIMARY KEY (month, kind, stripe)
      )`.execute(db);
    const month = postgres ? MONTH_POSTGRES : MONTH_SQLITE;
    await sql`
      INSERT INTO points_totals (month, kind, stripe, points)
      SELECT ${month('l')}, l.kind, l.user_id % ${sql.lit(STRIPES)}, sum(l.points)
      FROM points_ledger l GROUP BY 1, 2, 3`.execute(db);
    if (postgres) {
      for (const [event, table, sign] of [
        ['INSERT', 'appended', ''],
        ['DELETE', 'removed', '-'],
      ] as const) {
        await sql`CREATE FUNCTION ${sql.id(`points_totals_${event.toLowerCase()}`)}() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            INSERT INTO points_totals (month, kind, stripe, points)
            SELECT ${month('r')}, r.kind, r.user_id % ${sql.lit(STRIPES)}, ${sql.raw(sign)}sum(r.points)
            FROM ${sql.raw(table)} r GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
            ON CONFLICT (month, kind, stripe) DO UPDATE SET points = points_totals.points + excluded.points;
            RETURN NULL;
          END $$`.execute(db);
        await sql`CREATE TRIGGER ${sql.id(`points_ledger_totals_${event.toLowerCase()}`)} AFTER ${sql.raw(event)}
          ON points_ledger REFERENCING ${sql.raw(event === 'INSERT' ? 'NEW' : 'OLD')} TABLE AS ${sql.raw(table)}
          FOR EACH STATEMENT EXECUTE FUNCTION ${sql.id(`points_totals_${event.toLowerCase()}`)}()`.execute(db);
      }
    } else {
      for (const [event, row, sign] of [
        ['INSERT', 'NEW', ''],
        ['DELETE', 'OLD', '-'],
      ] as const) {
        await sql`CREATE TRIGGER ${sql.id(`points_ledger_totals_${event.toLowerCase()}`)} AFTER ${sql.raw(event)}
          ON points_ledger BEGIN
            INSERT INTO points_totals (month, kind, stripe, points)
            VALUES (${month(row)}, ${sql.raw(row)}.kind, ${sql.raw(row)}.user_id % ${sql.lit(STRIPES)},
              ${sql.raw(sign)}${sql.raw(row)}.points)
            ON CONFLICT (month, kind, stripe) DO UPDATE SET points = points + excluded.points;
          END`.execute(db);
      }
    }

    await sql`ALTER TABLE points_balances ADD COLUMN next_expiry_at text`.execute(db);
    await sql`
      UPDATE points_balances SET next_expiry_at = (
        SELECT l.expires_at FROM points_ledger l
        WHERE l.user_id = points_balances.user_id AND l.lot_cumulative > points_balances.lots_total - points_balances.balance
        ORDER BY l.lot_cumulative LIMIT 1)
      WHERE balance > 0`.execute(db);
    await sql`CREATE INDEX points_balances_next_expiry_idx ON points_balances (next_expiry_at)
      WHERE next_expiry_at IS NOT NULL`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    const postgres = dialectOf(db) === 'postgres';
    await sql`DROP INDEX points_balances_next_expiry_idx`.execute(db);
    await sql`ALTER TABLE points_balances DROP COLUMN next_expiry_at`.execute(db);
    for (const event of ['insert', 'delete']) {
      if (postgres) {
        await sql`DROP TRIGGER ${sql.id(`points_ledger_totals_${event}`)} ON points_ledger`.execute(db);
        await sql`DROP FUNCTION ${sql.id(`points_totals_${event}`)}()`.execute(db);
      } else {
        await sql`DROP TRIGGER ${sql.id(`points_ledger_totals_${event}`)}`.execute(db);
      }
    }
    await sql`DROP TABLE points_totals`.execute(db);
  },
};
