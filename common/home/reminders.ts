import { todayInBrazil } from '../format/dates';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How much of a refusal reason home's reminders show (the API cuts it between words). */
export const REMINDER_REASON_MAX = 60;

/** Points expiring within this many days are worth a reminder on home. */
export const EXPIRY_REMINDER_DAYS = 30;

export interface ExpiringDay {
  /** YYYY-MM-DD, São Paulo time. */
  date: string;
  points: number;
}

export interface ExpiryReminder {
  /** The nearest day points expire, and how many. */
  first: ExpiringDay;
  /** Points expiring after that day but still within the reminder window, and the last such day. */
  later: { points: number; until: string } | null;
}

/** The reminder for points expiring within 30 days of `now`, or null when none do. */
export function expiryReminder(
  expiring: readonly ExpiringDay[],
  now: Date | number = Date.now(),
): ExpiryReminder | null {
  const limit = todayInBrazil(new Date(new Date(now).getTime() + EXPIRY_REMINDER_DAYS * DAY_MS));
  const soon = expiring.filter((e) => e.points > 0 && e.date <= limit).sort((a, b) => a.date.localeCompare(b.date));
  const [first, ...rest] = soon;
  if (!first) return null;
  const last = rest.at(-1);
  return {
    first,
    later: last ? { points: rest.reduce((sum, e) => sum + e.points, 0), until: last.date } : null,
  };
}
