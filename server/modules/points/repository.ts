// Every query of the points module. ledger.ts holds the rules (append-only, oldest lots expire first, the cached
// balance moves with every row) and is the only caller of the writes below.
import { sql, type Insertable } from 'kysely';
import { compiledQuery } from '../../db/compiled-query';
import { brasiliaDay, least } from '../../db/dialect';
import type { Db, PointsLedgerTable, PointsEntryKind, PointsEntryRow } from '../../db/schema';

export interface EntriesFilter {
  kinds: readonly PointsEntryKind[];
  /** ISO instants: from inclusive, to exclusive. */
  fromAt: string | null;
  toAt: string | null;
  /** Keyset: entries strictly older than this (created_at, id). */
  before: { createdAt: string; id: number } | null;
}

/** Newest first on (created_at, id), `limit` rows: one index seek per page at any ledger size. */
export function ledgerPage(db: Db, userId: number, filter: EntriesFilter, limit: number): Promise<PointsEntryRow[]> {
  let query = db.selectFrom('points_ledger').selectAll().where('user_id', '=', userId);
  if (filter.kinds.length > 0) query = query.where('kind', 'in', [...filter.kinds]);
  if (filter.fromAt) query = query.where('created_at', '>=', filter.fromAt);
  if (filter.toAt) query = query.where('created_at', '<', filter.toAt);
  const { before } = filter;
  if (before) query = query.where(sql<boolean>`(created_at, id) < (${before.createdAt}, ${before.id})`);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The member's balance just before `at` (0 before the first entry). */
export async function balanceBefore(db: Db, userId: number, at: string): Promise<number> {
  const row = await db
    .selectFrom('points_ledger')
    .select('balance_after')
    .where('user_id', '=', userId)
    .where('created_at', '<', at)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.balance_after ?? 0;
}

/** The sum of a member's entries linked to an invoice: what it credited, less what was taken back. */
export async function invoiceSum(db: Db, userId: number, invoiceId: number): Promise<number> {
  const row = await db
    .selectFrom('points_ledger')
    .select((eb) => eb.fn.sum<number | string | null>('points').as('total'))
    .where('user_id', '=', userId)
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirst();
  // PostgreSQL answers sum() of integers as a string (bigint).
  return Number(row?.total ?? 0);
}

/** Rows per INSERT: 11 columns each stays far below SQLite's limit of bound variables. */
const INSERT_SLICE = 500;

/**
 * Moves the member's cached balance and lot total by the deltas and answers the new totals. Written first in its
 * transaction, so it holds SQLite's write lock before anything is read.
 */
export const moveBalance = (db: Db, userId: number, delta: number, lotsDelta: number, at: string) =>
  db
    .insertInto('points_balances')
    .values({ user_id: userId, balance: delta, lots_total: lotsDelta, updated_at: at })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        // Qualified: PostgreSQL would find a bare `balance` ambiguous between the row and `excluded`.
        balance: sql`points_balances.balance + excluded.balance`,
        lots_total: sql`points_balances.lots_total + excluded.lots_total`,
        updated_at: at,
      }),
    )
    .returning(['balance', 'lots_total'])
    .executeTakeFirstOrThrow();

/**
 * Sets when the member's oldest held lot expires: the first lot past `threshold` (lotsTotal − balance), or none when
 * nothing is held (`threshold` null). Written in the append's transaction, after its rows.
 */
export const moveNextExpiry = (db: Db, userId: number, threshold: number | null) =>
  db
    .updateTable('points_balances')
    .set((eb) => ({
      next_expiry_at:
        threshold === null
          ? null
          : eb
              .selectFrom('points_ledger')
              .select('expires_at')
              .where('user_id', '=', userId)
              .where('lot_cumulative', '>', threshold)
              .orderBy('lot_cumulative')
              .limit(1),
    }))
    .where('user_id', '=', userId)
    .execute();

/** Appends ledger rows (never updated afterwards), in slices: SQLite caps the variables of one statement. */
export async function insertLedgerRows(
  db: Db,
  values: readonly Insertable<PointsLedgerTable>[],
): Promise<PointsEntryRow[]> {
  const inserted: PointsEntryRow[] = [];
  for (let i = 0; i < values.length; i += INSERT_SLICE) {
    inserted.push(
      ...(await db
        .insertInto('points_ledger')
        .values(values.slice(i, i + INSERT_SLICE))
        .returningAll()
        .execute()),
    );
  }
  return inserted;
}

const balanceQuery = compiledQuery<[userId: number], { balance: number; lots_total: number }>(1, (db, userId) =>
  db.selectFrom('points_balances').select(['balance', 'lots_total']).where('user_id', '=', userId),
);

/** The member's cached balance and lots total (read on every `me`: compiled once). */
export const balanceRow = async (db: Db, userId: number) => (await balanceQuery(db, userId))[0];

const lotsAboveQuery = compiledQuery<
  [userId: number, after: number, limit: number],
  Pick<PointsEntryRow, 'id' | 'points' | 'lot_cumulative' | 'expires_at' | 'created_at'>
>(3, (db, userId, after, limit) =>
  db
    .selectFrom('points_ledger')
    .select(['id', 'points', 'lot_cumulative', 'expires_at', 'created_at'])
    .where('user_id', '=', userId)
    .where('lot_cumulative', '>', after)
    .orderBy('lot_cumulative')
    .limit(limit),
);

/** The member's lots past a cumulative position, in lot order (which is also expiry order); compiled once. */
export const lotsAbove = (db: Db, userId: number, after: number, limit: number) =>
  lotsAboveQuery(db, userId, after, limit);

/** Points still held above `threshold` that expire in [from, to), summed per São Paulo day. */
export async function heldPointsByExpiryDay(
  db: Db,
  userId: number,
  threshold: number,
  from: string,
  to: string,
): Promise<{ date: string; points: number }[]> {
  const rows = await db
    .selectFrom('points_ledger')
    .select([
      brasiliaDay(db, 'expires_at').as('date'),
      sql<number>`sum(${least(db, sql.ref('points'), sql`lot_cumulative - ${threshold}`)})`.as('points'),
    ])
    .where('user_id', '=', userId)
    .where('lot_cumulative', 'is not', null)
    .where('expires_at', '>=', from)
    .where('expires_at', '<', to)
    .where('lot_cumulative', '>', threshold)
    .groupBy('date')
    .orderBy('date')
    .execute();
  return rows.map((r) => ({ date: r.date, points: Number(r.points) }));
}

/** Members whose oldest held lot is due by `nowIso`: an index range over the balances' next expiry. */
export const membersWithDueLots = (db: Db, nowIso: string) =>
  db.selectFrom('points_balances').select('user_id').where('next_expiry_at', '<=', nowIso).execute();
