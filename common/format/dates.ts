import { lazyFormat } from './lazy-format';

/*
 * Days and times are in São Paulo time, which has been UTC−3 all year since 2019 (no daylight saving), so they are
 * worked out from the instant by hand: the first Intl formatter a page builds loads the locale's data, about 70 ms
 * of a 4× slowed phone's main thread. dates.test.ts checks them against Intl's America/Sao_Paulo.
 */
const SAO_PAULO_OFFSET_MS = -3 * 60 * 60 * 1000;
const two = (n: number) => String(n).padStart(2, '0');

/** The wall clock of São Paulo at an instant, read with the UTC getters. */
const saoPauloClock = (instant: Date | number | string) => new Date(new Date(instant).getTime() + SAO_PAULO_OFFSET_MS);

/** Dates as members read them: dd/mm/aaaa in São Paulo time, whatever the device's zone. */
export const formatDate = (iso: string): string => {
  const d = saoPauloClock(iso);
  // What is not a date is shown as it came rather than as NaN.
  if (Number.isNaN(d.getTime())) return iso;
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
};
/** dd/mm/aaaa, hh:mm in São Paulo time. */
export const formatDateTime = (iso: string): string => {
  const d = saoPauloClock(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${formatDate(iso)}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
};
/**
 * "2026-11-24 14:56 -03:00": an instant as the terminal prints it for staff, in São Paulo time with its offset, the
 * painel's zone, so a time read in one matches the other.
 */
export const formatStaffTime = (iso: string): string => {
  const d = saoPauloClock(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} -03:00`;
};
const MONTH = lazyFormat(() => new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', month: 'short', year: '2-digit' }));
/** "2026-11" → "nov. de 26". */
export const formatMonth = (yearMonth: string): string => MONTH().format(new Date(`${yearMonth}-15T12:00:00Z`));

/**
 * The calendar day in Brasília time, YYYY-MM-DD, of an instant (a Date or epoch milliseconds): the club's days
 * (campaign periods, earning rules, expiry dates, date inputs) are Brasília days, whatever the device's or
 * server's zone. Shared by the app and the API.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instant (ms) a São Paulo day AAAA-MM-DD starts: 03:00 UTC (UTC−3, no daylight saving since 2019); NaN for text
 * that is no date. `plusDays` 1 gives the end of an inclusive period.
 */
export const saoPauloDayStartMs = (day: string, plusDays = 0): number =>
  Date.parse(`${day}T03:00:00.000Z`) + plusDays * DAY_MS;

/** The same instant as UTC ISO; a RangeError for text that is no date (validate it first). */
export const saoPauloDayStart = (day: string, plusDays = 0): string =>
  new Date(saoPauloDayStartMs(day, plusDays)).toISOString();

export function todayInBrazil(now: Date | number = new Date()): string {
  return saoPauloClock(now).toISOString().slice(0, 10);
}

/**
 * When what the device shows came from the club: "Atualizado às 14:05" the same São Paulo day, else "Atualizado em
 * 24/11 às 14:05" (the year too when it is another one).
 */
export function formatUpdatedAt(savedAt: number, now: number = Date.now()): string {
  const d = saoPauloClock(savedAt);
  const time = `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
  const day = todayInBrazil(savedAt);
  if (day === todayInBrazil(now)) return `Atualizado às ${time}`;
  const sameYear = day.slice(0, 4) === todayInBrazil(now).slice(0, 4);
  const date = `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}${sameYear ? '' : `/${d.getUTCFullYear()}`}`;
  return `Atualizado em ${date} às ${time}`;
}
