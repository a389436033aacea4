// The points module's reads. Writes go through ledger.ts only: it keeps the ledger append-only and the cached
// balance in step with it.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PointsEntryKind, PointsEntryRow } from '../invoices/tables';

type Db = Kysely<Database>;

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

export const activeEarningRules = (db: Db) =>
  db.selectFrom('earning_rules').selectAll().where('active', '=', 1).orderBy('id').execute();
