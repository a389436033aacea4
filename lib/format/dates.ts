import { lazyFormat } from './lazy-format';

/** Dates as members read them: dd/mm/aaaa in São Paulo time, whatever the device's zone. */
const DATE = lazyFormat(
  () =>
    new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }),
);
const DATE_TIME = lazyFormat(
  () =>
    new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);
const MONTH = lazyFormat(() => new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', month: 'short', year: '2-digit' }));

export const formatDate = (iso: string): string => DATE().format(new Date(iso));
export const formatDateTime = (iso: string): string => DATE_TIME().format(new Date(iso));
/** "2026-11" → "nov. de 26". */
export const formatMonth = (yearMonth: string): string => MONTH().format(new Date(`${yearMonth}-15T12:00:00Z`));

const DAY = lazyFormat(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }));

/**
 * The calendar day in Brasília time, YYYY-MM-DD, of an instant (a Date or epoch milliseconds): the club's days
 * (campaign periods, earning rules, expiry dates, date inputs) are Brasília days, whatever the device's or
 * server's zone. Shared by the app and the API.
 */
export function todayInBrazil(now: Date | number = new Date()): string {
  return DAY().format(now);
}
