import type { ExpressionBuilder } from 'kysely';
import { formatDate } from '../../../common/format/dates';
import type { Database, Db } from '../../db/schema';
import { notify } from '../notifications';
import { dueLots, type LotHolding } from './ledger';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A member hears of a lot once when it comes within 30 days of its expiry, and once more within 7. */
export const REMINDER_THRESHOLDS_DAYS = [30, 7] as const;

/**
 * The daily "pontos a vencer" reminders, run by the expiry job under its lock. Each lot is remembered per threshold
 * (points_expiry_reminders' key), so however often the job runs a lot is announced at most once at 30 days and once
 * at 7; a member hears one notification per run, for the nearest threshold their new lots reached (a lot first seen
 * already within 7 days is told once, as the 7-day reminder). Returns how many members were told.
 */
export async function remindExpiringPoints(db: Db, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const within = (days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();
  const reminded = (threshold: number) => (eb: ExpressionBuilder<Database & { l: Database['points_ledger'] }, 'l'>) =>
    eb.exists(
      eb
        .selectFrom('points_expiry_reminders as r')
        .select('r.entry_id')
        .whereRef('r.entry_id', '=', 'l.id')
        .where('r.threshold_days', '=', threshold),
    );
  // The lots of the next 30 days (their own index), only those still held (past the member's spent line): a lot
  // already spent is never announced, so its member is not opened again every day until it expires.
  const candidates = db
    .selectFrom('points_ledger as l')
    .innerJoin('points_balances as b', 'b.user_id', 'l.user_id')
    .select('l.user_id')
    .distinct()
    .where('l.lot_cumulative', 'is not', null)
    .where('l.expires_at', '>', nowIso)
    .where('l.expires_at', '<', within(30))
    .where((eb) => eb('l.lot_cumulative', '>', eb(eb.ref('b.lots_total'), '-', eb.ref('b.balance'))));
  const members = await candidates
    .where((eb) =>
      eb.or([eb.not(reminded(30)(eb)), eb.and([eb('l.expires_at', '<', within(7)), eb.not(reminded(7)(eb))])]),
    )
    .execute();
  let told = 0;
  for (const { user_id } of members) {
    if (await remindMember(db, user_id, now)) told += 1;
  }
  return told;
}

async function remindMember(db: Db, userId: number, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  return db.transaction().execute(async (trx) => {
    // Only what the lots still hold: points already spent or expired are not announced.
    const held = (await dueLots(trx, userId, new Date(now.getTime() + 30 * DAY_MS).toISOString())).filter(
      (lot) => lot.expiresAt > nowIso,
    );
    if (held.length === 0) return false;
    const sevenDays = new Date(now.getTime() + 7 * DAY_MS).toISOString();
    const fresh7 = await unremembered(
      trx,
      held.filter((lot) => lot.expiresAt < sevenDays),
      7,
      userId,
      nowIso,
    );
    // A lot told at 7 days needs no 30-day reminder any more.
    await unremembered(trx, fresh7, 30, userId, nowIso);
    const fresh30 = await unremembered(trx, held, 30, userId, nowIso);
    const lots = fresh7.length > 0 ? fresh7 : fresh30;
    if (lots.length === 0) return false;
    await notify(
      trx,
      {
        type: 'points-expiring',
        userId,
        points: lots.reduce((sum, lot) => sum + lot.held, 0),
        withinDays: fresh7.length > 0 ? 7 : 30,
        firstDate: formatDate(lots[0]!.expiresAt),
      },
      now,
    );
    return true;
  });
}

/** Remembers the lots at a threshold; the ones not remembered before (the insert's conflict skips the rest). */
async function unremembered(
  trx: Db,
  lots: readonly LotHolding[],
  threshold: number,
  userId: number,
  at: string,
): Promise<LotHolding[]> {
  if (lots.length === 0) return [];
  const inserted = await trx
    .insertInto('points_expiry_reminders')
    .values(lots.map((lot) => ({ entry_id: lot.entryId, threshold_days: threshold, user_id: userId, created_at: at })))
    .onConflict((oc) => oc.columns(['entry_id', 'threshold_days']).doNothing())
    .returning('entry_id')
    .execute();
  const ids = new Set(inserted.map((r) => r.entry_id));
  return lots.filter((lot) => ids.has(lot.entryId));
}
