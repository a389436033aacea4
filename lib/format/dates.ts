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
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * How long ago an instant was, as a member says it: "há 5 minutos", "há 3 horas" (the same São Paulo day), "ontem",
 * "há 4 dias" in the last week, else "em dd/mm/aaaa". Used where a date alone tells nothing apart (the devices of
 * "Aparelhos conectados").
 */
export function formatTimeAgo(iso: string, now: number = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return iso;
  const minutes = Math.floor((now - then) / MINUTE_MS);
  if (minutes < 1) return 'há menos de 1 minuto';
  if (minutes < 60) return minutes === 1 ? 'há 1 minuto' : `há ${minutes} minutos`;
  const days = Math.round((Date.parse(todayInBrazil(now)) - Date.parse(todayInBrazil(then))) / DAY_MS);
  if (days <= 0) {
    const hours = Math.floor(minutes / 60);
    return hours === 1 ? 'há 1 hora' : `há ${hours} horas`;
  }
  if (days === 1) return 'ontem';
  if (days < 7) return `há ${days} dias`;
  return `em ${formatDate(iso)}`;
}

const MONTH = lazyFormat(() => new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', month: 'short', year: '2-digit' }));
/** "2026-11" → "nov. de 26". */
export const formatMonth = (yearMonth: string): string => MONTH().format(new Date(`${yearMonth}-15T12:00:00Z`));

/**
 * The calendar day in Brasília time, YYYY-MM-DD, of an instant (a Date or epoch milliseconds): the club's days
 * (campaign periods, earning rules, expiry dates, date inputs) are Brasília days, whatever the device's or
 * server's zone. Shared by the app and the API.
 */
export function todayInBrazil(now: Date | number = new Date()): string {
  return saoPauloClock(now).toISOString().slice(0, 10);
}
