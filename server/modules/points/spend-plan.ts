import type { Db } from '../../db/schema';
import { getBalance } from './ledger';
import { lotsAbove } from './repository';

export interface PlannedLot {
  /** The credit (or other lot) the points come from. */
  entryId: number;
  points: number;
  expiresAt: string | null;
}

const LOT_BATCH = 500;

/**
 * The lots a debit of `points` would take if written now, oldest first, and how much of each: what spendPoints
 * consumes. A debit moves the ledger's "spent" line (lotsTotal − balance) up by its points, so it takes the lot range
 * just above that line; this reads the same range without writing. Due points must have expired first, as
 * spendPoints does before its debit (expireDuePoints). A debit larger than the balance plans only what the balance
 * holds.
 */
export async function planSpending(db: Db, userId: number, points: number): Promise<PlannedLot[]> {
  const { balance, lotsTotal } = await getBalance(db, userId);
  const from = Math.max(0, lotsTotal - balance);
  const to = from + Math.min(Math.max(points, 0), Math.max(balance, 0));
  const planned: PlannedLot[] = [];
  let after = from;
  while (after < to) {
    const rows = await lotsAbove(db, userId, after, LOT_BATCH);
    for (const lot of rows) {
      const end = lot.lot_cumulative ?? after;
      const taken = Math.min(end, to) - Math.max(end - lot.points, from);
      if (taken > 0) planned.push({ entryId: lot.id, points: taken, expiresAt: lot.expires_at });
      after = end;
      if (after >= to) break;
    }
    if (rows.length < LOT_BATCH) break;
  }
  return planned;
}
