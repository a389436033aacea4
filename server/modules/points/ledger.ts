import type { Db, PointsEntryKind, PointsEntryRow } from '../../db/schema';
import { formatDate } from '../../../common/format/dates';
import { POINTS_VALIDITY_MONTHS } from '../../../common/points/validity';
import { lastingMemo } from '../../db/lasting-memo';
import { runInTransaction } from '../../db/transaction';
import * as repo from './repository';

/** Points expire this many months after their credit, oldest first. */
export const EXPIRY_MONTHS = POINTS_VALIDITY_MONTHS;

export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCMonth(result.getUTCMonth() + months);
  // 29/02 + 12 months would roll into March; keep the last day of the month instead.
  if (result.getUTCDate() !== day) result.setUTCDate(0);
  return result;
}

export interface NewEntry {
  userId: number;
  kind: PointsEntryKind;
  /** Signed integer; zero-point entries are skipped. */
  points: number;
  description: string;
  invoiceId?: number | null;
  /** The approved project a credit is for: the ledger takes one entry per project at most. */
  projectId?: number | null;
  ruleId?: number | null;
  expiredEntryId?: number | null;
  /**
   * A refund that gives back the points spent last instead of adding a lot: the balance rises, the lots stay, so
   * those points are held again with their original expiry (see refundPoints).
   */
  restoresSpent?: boolean;
}

const isLotEntry = (e: NewEntry) => e.points > 0 && e.kind !== 'expiry' && !e.restoresSpent;

/**
 * The only way points enter or leave: appends rows for ONE member and moves the cached balance and the next expiry
 * in the same transaction (the month's running totals follow by the ledger's triggers). The balance row is written first, so the transaction holds SQLite's write lock before it reads
 * anything (another process, e.g. the review CLI, waits instead of failing on a lock upgrade).
 */
export async function appendEntries(
  db: Db,
  userId: number,
  entries: readonly NewEntry[],
  now: Date,
): Promise<PointsEntryRow[]> {
  const rows = entries.filter((e) => e.points !== 0 && Number.isInteger(e.points));
  if (rows.length === 0) return [];
  const delta = rows.reduce((sum, e) => sum + e.points, 0);
  const lotsDelta = rows.reduce((sum, e) => sum + (isLotEntry(e) ? e.points : 0), 0);
  const at = now.toISOString();
  return runInTransaction(db, async (trx) => {
    const totals = await repo.moveBalance(trx, userId, delta, lotsDelta, at);
    let balance = totals.balance - delta;
    let lots = totals.lots_total - lotsDelta;
    const values = rows.map((e) => {
      balance += e.points;
      const isLot = isLotEntry(e);
      if (isLot) lots += e.points;
      return {
        user_id: userId,
        kind: e.kind,
        points: e.points,
        description: e.description,
        invoice_id: e.invoiceId ?? null,
        project_id: e.projectId ?? null,
        rule_id: e.ruleId ?? null,
        expires_at: isLot ? addMonths(now, EXPIRY_MONTHS).toISOString() : null,
        expired_entry_id: e.expiredEntryId ?? null,
        balance_after: balance,
        lot_cumulative: isLot ? lots : null,
        created_at: at,
      };
    });
    const inserted = await repo.insertLedgerRows(trx, values);
    await repo.moveNextExpiry(trx, userId, totals.balance > 0 ? totals.lots_total - totals.balance : null);
    return inserted;
  });
}

/**
 * Takes back every point an invoice still holds in the ledger (its credit and bonuses, less anything taken back
 * before) as one `adjustment` debit linked to it. The whole amount, even past the balance: the balance may go
 * negative, and the member's next credits pay it before anything can be spent (spending checks the balance), so
 * points of a cancelled purchase are never kept by spending them first. Returns the points taken back (0 when the
 * invoice holds none).
 */
export async function reverseInvoicePoints(
  db: Db,
  userId: number,
  invoiceId: number,
  description: string,
  now: Date,
): Promise<number> {
  return runInTransaction(db, async (trx) => {
    await lockMemberPoints(trx, userId, now);
    const held = await repo.invoiceSum(trx, userId, invoiceId);
    if (held <= 0) return 0;
    await appendEntries(trx, userId, [{ userId, kind: 'adjustment', points: -held, description, invoiceId }], now);
    return held;
  });
}

export async function getBalance(db: Db, userId: number): Promise<{ balance: number; lotsTotal: number }> {
  const row = await repo.balanceRow(db, userId);
  return { balance: row?.balance ?? 0, lotsTotal: row?.lots_total ?? 0 };
}

export interface LotHolding {
  entryId: number;
  expiresAt: string;
  createdAt: string;
  /** Points of this lot still in the balance. */
  held: number;
}

const LOT_BATCH = 500;

/**
 * Lots expiring before `to` that still hold part of the balance, oldest first. Debits consume the oldest lots
 * first, so what remains of the balance sits in the newest lots: a lot holds min(points, lot_cumulative −
 * (lotsTotal − balance)). Held lots are the lot_cumulative range above that threshold, and their expiry dates grow
 * with lot_cumulative, so the scan walks the index from the threshold and stops at the first lot not yet due:
 * a few rows, whatever the ledger's size.
 */
export async function dueLots(db: Db, userId: number, to: string): Promise<LotHolding[]> {
  const { balance, lotsTotal } = await getBalance(db, userId);
  if (balance <= 0) return [];
  const threshold = lotsTotal - balance;
  const lots: LotHolding[] = [];
  let after = threshold;
  for (;;) {
    const rows = await repo.lotsAbove(db, userId, after, LOT_BATCH);
    for (const r of rows) {
      if (!r.expires_at || r.expires_at >= to) return lots;
      const held = Math.min(r.points, (r.lot_cumulative ?? 0) - threshold);
      if (held > 0) lots.push({ entryId: r.id, expiresAt: r.expires_at, createdAt: r.created_at, held });
      after = r.lot_cumulative ?? after;
    }
    if (rows.length < LOT_BATCH) return lots;
  }
}

/**
 * Whether any lot still held is due by `to`: lots expire in the order they are held, so the oldest one tells. One
 * index lookup; `threshold` is lotsTotal − balance, as in dueLots.
 */
export async function oldestHeldLotIsDue(db: Db, userId: number, threshold: number, to: string): Promise<boolean> {
  // Lots are only appended, each above the last, so the first lot past a threshold and its expiry never change.
  const expiresAt = await oldestHeldLotExpiry(db, `${userId}:${threshold}`, async () => {
    const [oldest] = await repo.lotsAbove(db, userId, threshold, 1);
    return oldest ? (oldest.expires_at ?? NEVER) : undefined;
  });
  return expiresAt !== undefined && expiresAt !== NEVER && expiresAt < to;
}

/** A lot without an expiry date (kept apart from "no lot", which is not remembered). */
const NEVER = '';

/** Members whose balance is read often, times the few thresholds each one passes in a day. */
const oldestHeldLotExpiry = lastingMemo<string>(10_000);

/** Held points expiring in [from, to), summed per São Paulo day (YYYY-MM-DD), in one index range over the window. */
export async function expiringByDay(
  db: Db,
  userId: number,
  from: string,
  to: string,
): Promise<{ date: string; points: number }[]> {
  const { balance, lotsTotal } = await getBalance(db, userId);
  if (balance <= 0) return [];
  const threshold = lotsTotal - balance;
  return repo.heldPointsByExpiryDay(db, userId, threshold, from, to);
}

/** Writes an expiry debit for what each due lot still holds, oldest first. Returns the points expired. */
export async function expireDuePoints(db: Db, userId: number, now: Date): Promise<number> {
  return runInTransaction(db, async (trx) => {
    const due = await dueLots(trx, userId, now.toISOString());
    if (due.length === 0) return 0;
    await appendEntries(
      trx,
      userId,
      due.map((lot) => ({
        userId,
        kind: 'expiry' as const,
        points: -lot.held,
        description: `Pontos expirados (créditos de ${formatDate(lot.createdAt)})`,
        expiredEntryId: lot.entryId,
      })),
      now,
    );
    return due.reduce((sum, lot) => sum + lot.held, 0);
  });
}

/**
 * Every member with a due lot; run at start-up and then daily so balances never show expired points for long. Only
 * the members due are read (by their next expiry), so the run is as long as the day's due lots.
 */
export async function expireAllDuePoints(db: Db, now: Date): Promise<number> {
  const users = await repo.membersWithDueLots(db, now.toISOString());
  let total = 0;
  for (const { user_id } of users) total += await expireDuePoints(db, user_id, now);
  return total;
}

/** A debit larger than the balance left after due points expired: nothing was written. */
export class InsufficientPointsError extends Error {
  constructor(
    readonly needed: number,
    readonly balance: number,
  ) {
    super(`Saldo insuficiente: faltam ${needed - balance} pontos.`);
  }
}

/**
 * Holds the member's points until the transaction ends: the balance row is written (unchanged) first, so a second
 * spending of the same member waits on it (PostgreSQL's row lock; SQLite's write lock is already taken at BEGIN).
 * A caller that checks more than the balance (an order's limit, its idempotency key) calls it before reading.
 */
export async function lockMemberPoints(trx: Db, userId: number, now: Date): Promise<void> {
  await repo.moveBalance(trx, userId, 0, 0, now.toISOString());
}

export interface SpendRequest {
  points: number;
  description: string;
  /**
   * The entry's kind: `redemption` for a spending (the default), `refund` for a refund (the default); `adjustment`
   * for an admin's manual debit, or the reversal of one, which spend and give back the same way.
   */
  kind?: 'adjustment';
}

/**
 * Spends points: due points expire first (a debit never takes points already past their expiry), then one
 * `redemption` debit. Debits consume the oldest lots first (the held balance is the newest part of the lots), so the
 * expiry run later removes only what is left of each lot: a partly spent lot expires its remainder, a spent one
 * nothing. Throws InsufficientPointsError, writing nothing, when the balance does not cover it.
 */
export async function spendPoints(db: Db, userId: number, spend: SpendRequest, now: Date): Promise<PointsEntryRow> {
  if (!Number.isInteger(spend.points) || spend.points <= 0) throw new Error('spendPoints: positive integer expected');
  return runInTransaction(db, async (trx) => {
    await lockMemberPoints(trx, userId, now);
    await expireDuePoints(trx, userId, now);
    const { balance } = await getBalance(trx, userId);
    if (balance < spend.points) throw new InsufficientPointsError(spend.points, balance);
    const [row] = await appendEntries(
      trx,
      userId,
      [{ userId, kind: spend.kind ?? 'redemption', points: -spend.points, description: spend.description }],
      now,
    );
    return row!;
  });
}

/**
 * Gives back `points` a redemption spent, as `refund` credits. The validity chosen for refunded points: they keep
 * their original expiry — the refund moves the ledger's "spent" line back over the points spent last (the order's
 * own, unless the member spent again since), so they are held again in their lots with the lots' dates. The part
 * whose original expiry has already passed comes back as a new lot with the club's full validity (12 months from
 * the refund), not 30 days: a lot must never expire before the lots appended before it, since the ledger consumes
 * and expires lots in the order they were appended (dueLots walks them that way), and a 30-day lot on top of lots
 * valid for months would break that order. Returns the rows written (one or two).
 */
export async function refundPoints(db: Db, userId: number, refund: SpendRequest, now: Date): Promise<PointsEntryRow[]> {
  if (!Number.isInteger(refund.points) || refund.points <= 0)
    throw new Error('refundPoints: positive integer expected');
  return runInTransaction(db, async (trx) => {
    await lockMemberPoints(trx, userId, now);
    const { balance, lotsTotal } = await getBalance(trx, userId);
    const spentLine = Math.max(0, lotsTotal - balance);
    const from = Math.max(0, spentLine - refund.points);
    // Lots expire in the order they were appended: the first lot in [from, spentLine) not yet due starts the part
    // that can be held again.
    let restorable = 0;
    let after = from;
    const nowIso = now.toISOString();
    for (;;) {
      const rows = await repo.lotsAbove(trx, userId, after, LOT_BATCH);
      const valid = rows.find((r) => r.expires_at !== null && r.expires_at > nowIso);
      if (valid) {
        const start = (valid.lot_cumulative ?? 0) - valid.points;
        restorable = Math.max(0, spentLine - Math.max(from, start));
        break;
      }
      if (rows.length < LOT_BATCH || (rows.at(-1)?.lot_cumulative ?? Infinity) >= spentLine) break;
      after = rows.at(-1)!.lot_cumulative!;
    }
    return appendEntries(
      trx,
      userId,
      [
        {
          userId,
          kind: refund.kind ?? 'refund',
          points: restorable,
          description: refund.description,
          restoresSpent: true,
        },
        { userId, kind: refund.kind ?? 'refund', points: refund.points - restorable, description: refund.description },
      ],
      now,
    );
  });
}
