import { saoPauloDayStart, todayInBrazil } from './dates';

/*
 * The rule book counts its deadlines in business days ("até 5 (cinco) dias úteis", section 5.1). A business day here
 * is a São Paulo weekday that is not a national holiday: the fixed ones of Lei 662/1949 and its amendments, and the
 * ones that move with Easter (Carnival Monday and Tuesday, Good Friday, Corpus Christi), which the club observes.
 * State and city holidays differ per store and are left out.
 */

const FIXED_HOLIDAYS = new Set(['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '11-20', '12-25']);

const DAY_MS = 24 * 60 * 60 * 1000;

/** Easter Sunday of a year (anonymous Gregorian algorithm), as UTC midnight epoch milliseconds. */
function easter(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}

const movingHolidays = new Map<number, Set<string>>();
function movingHolidaysOf(year: number): Set<string> {
  let days = movingHolidays.get(year);
  if (!days) {
    const sunday = easter(year);
    // Carnival Monday and Tuesday, Good Friday, Corpus Christi.
    days = new Set([-48, -47, -2, 60].map((offset) => new Date(sunday + offset * DAY_MS).toISOString().slice(0, 10)));
    movingHolidays.set(year, days);
  }
  return days;
}

/** Whether a São Paulo day (YYYY-MM-DD) is a business day. */
export function isBusinessDay(day: string): boolean {
  const date = new Date(`${day}T12:00:00Z`);
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  if (FIXED_HOLIDAYS.has(day.slice(5))) return false;
  return !movingHolidaysOf(date.getUTCFullYear()).has(day);
}

/**
 * Business days gone by since an instant: the business days after the São Paulo day it happened, up to and
 * including today. Something sent on a Friday has waited 0 business days that Friday and over the weekend, 1 on
 * Monday; the rule book's "até 5 dias úteis" is late from 6.
 */
export function businessDaysSince(sentAt: string, now: Date | number = new Date()): number {
  const from = todayInBrazil(new Date(sentAt));
  const to = todayInBrazil(now);
  let count = 0;
  for (let t = Date.parse(`${from}T12:00:00Z`) + DAY_MS; t <= Date.parse(`${to}T12:00:00Z`); t += DAY_MS) {
    if (isBusinessDay(new Date(t).toISOString().slice(0, 10))) count += 1;
  }
  return count;
}

/**
 * The instant before which something sent has waited more than `limit` business days today: the start of the São
 * Paulo day after the last day whose sends are late. Lets a database count the late ones with one comparison.
 */
export function lateBefore(limit: number, now: Date | number = new Date()): string {
  const today = todayInBrazil(now);
  let t = Date.parse(`${today}T12:00:00Z`);
  let count = 0;
  // Walk back until the days after `t` up to today hold limit + 1 business days: a send on `t` or before is late.
  while (count <= limit) {
    if (isBusinessDay(new Date(t).toISOString().slice(0, 10))) count += 1;
    t -= DAY_MS;
  }
  const lateDay = new Date(t).toISOString().slice(0, 10);
  return saoPauloDayStart(lateDay, 1);
}
