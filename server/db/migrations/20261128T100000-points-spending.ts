import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../database';

const BEFORE = `'credit', 'bonus', 'expiry', 'adjustment'`;
const AFTER = `'credit', 'bonus', 'expiry', 'adjustment', 'redemption', 'refund'`;

/**
 * Points can be spent: a `redemption` debit (a reward ordered) and a `refund` credit (an order cancelled) join the
 * ledger's kinds. PostgreSQL swaps the column's check; SQLite cannot alter a check, so the table is rebuilt from its
 * own stored definition (rows, ids, indexes and the append-only triggers kept as they were).
 */
async function setKinds(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`ALTER TABLE points_ledger DROP CONSTRAINT points_ledger_kind_check`.execute(db);
    await sql`ALTER TABLE points_ledger ADD CONSTRAINT points_ledger_kind_check CHECK (kind in (${sql.raw(to)}))`.execute(
      db,
    );
    return;
  }
  const objects = await sql<{ type: string; name: string; sql: string | null }>`
    SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'points_ledger'`.execute(db);
  const table = objects.rows.find((o) => o.type === 'table')?.sql;
  if (!table?.includes(from)) throw new Error('points_ledger: unexpected definition');
  // The self reference (expired_entry_id) names the new table, which the rename below turns back into points_ledger.
  const rebuilt = table.replace(from, to).replace(/"points_ledger"/g, '"points_ledger_new"');
  const rest = objects.rows.filter((o) => o.type !== 'table' && o.sql);
  await sql.raw(rebuilt).execute(db);
  await sql`INSERT INTO points_ledger_new SELECT * FROM points_ledger`.execute(db);
  await sql`DROP TABLE points_ledger`.execute(db);
  await sql`ALTER TABLE points_ledger_new RENAME TO points_ledger`.execute(db);
  for (const o of rest) await sql.raw(o.sql!).execute(db);
}

export const pointsSpending: Migration = {
  async up(db: Kysely<unknown>) {
    await setKinds(db, BEFORE, AFTER);
  },
  async down(db: Kysely<unknown>) {
    await setKinds(db, AFTER, BEFORE);
  },
};
