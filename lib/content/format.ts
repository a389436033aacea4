/** pt-BR formatting of content dates, periods and numbers. Dates from the API are calendar days (YYYY-MM-DD). */
import { lazyFormat } from '@/common/format/lazy-format';
import { formatPoints } from '@/common/format/numbers';

const dayFormat = lazyFormat(
  () => new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
);

function parseDay(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "1º de novembro de 2026" (the ordinal is how Brazilians write the first day of a month). */
export function formatLongDate(value: string): string {
  const date = parseDay(value);
  if (!date) return value;
  const text = dayFormat().format(date);
  return date.getUTCDate() === 1 ? text.replace(/^1 /, '1º ') : text;
}

/** "01/11/2026", written by hand: the cards of home show it, and home builds no Intl formatter (see numbers.ts). */
export function formatShortDate(value: string): string {
  const date = parseDay(value);
  if (!date) return value;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCDate())}/${two(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
}

/** "01/11/2026 a 31/01/2027", or one side only when the other is open. */
export function formatPeriod(start: string | null | undefined, end: string | null | undefined): string {
  if (start && end) return `${formatShortDate(start)} a ${formatShortDate(end)}`;
  if (start) return `A partir de ${formatShortDate(start)}`;
  if (end) return `Até ${formatShortDate(end)}`;
  return 'Sem prazo definido';
}

export const formatNumber = formatPoints;

export type ContentStatusValue = 'UPCOMING' | 'ACTIVE' | 'ENDED';

export const STATUS_LABEL: Record<ContentStatusValue, string> = {
  ACTIVE: 'Ativa',
  UPCOMING: 'Em breve',
  ENDED: 'Encerrada',
};
