// The ceilings on what the club approves by itself: an invoice that passes every proof and rule still waits for a
// person when approving it alone would put too many points in one place.
import { saoPauloDayStart, todayInBrazil } from '../../../common/format/dates';
import type { AppConfig } from '../../config';
import type { Db, InvoiceRow } from '../../db/schema';
import * as repo from './repository';

export const LIMIT_REASONS = {
  ceiling: 'acima do limite de aprovação automática',
  sameStoreDay: 'quarta nota da mesma loja no mesmo dia',
} as const;

/** Notes of one store a member may have approved by itself for purchases of one day; the next waits. */
export const SAME_STORE_DAY_MAX = 3;

function monthOf(now: Date): { from: string; to: string } {
  const [year, month] = todayInBrazil(now).split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return { from: saoPauloDayStart(`${todayInBrazil(now).slice(0, 7)}-01`), to: saoPauloDayStart(`${next}-01`) };
}

function dayOf(instant: string): { from: string; to: string } {
  const from = saoPauloDayStart(todayInBrazil(new Date(instant)));
  return { from, to: new Date(Date.parse(from) + 24 * 60 * 60 * 1000).toISOString() };
}

/**
 * The staff reasons that keep this invoice from automatic approval: its own points over AUTO_APPROVAL_MAX_POINTS,
 * the member's automatically approved points of this São Paulo month going past AUTO_APPROVAL_MAX_POINTS_MONTH with
 * it, or a fourth note of the same store for purchases of one day (a big purchase split to pass under the ceiling).
 */
export async function limitReasons(
  db: Db,
  config: Pick<AppConfig, 'autoApprovalMaxPoints' | 'autoApprovalMaxPointsMonth'>,
  invoice: InvoiceRow & { issued_at: string },
  points: number,
  now: Date,
): Promise<string[]> {
  const reasons: string[] = [];
  const month = monthOf(now);
  const monthPoints = await repo.autoApprovedPoints(db, invoice.user_id, month.from, month.to);
  if (points > config.autoApprovalMaxPoints || monthPoints + points > config.autoApprovalMaxPointsMonth)
    reasons.push(LIMIT_REASONS.ceiling);
  const day = dayOf(invoice.issued_at);
  if ((await repo.countSameStoreIssued(db, invoice, day.from, day.to)) >= SAME_STORE_DAY_MAX)
    reasons.push(LIMIT_REASONS.sameStoreDay);
  return reasons;
}
