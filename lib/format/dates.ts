/** Dates as members read them: dd/mm/aaaa in São Paulo time, whatever the device's zone. */
const DATE = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const DATE_TIME = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const MONTH = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', month: 'short', year: '2-digit' });

export const formatDate = (iso: string): string => DATE.format(new Date(iso));
export const formatDateTime = (iso: string): string => DATE_TIME.format(new Date(iso));
/** "2026-11" → "nov. de 26". */
export const formatMonth = (yearMonth: string): string => MONTH.format(new Date(`${yearMonth}-15T12:00:00Z`));

/** Today's date in São Paulo, YYYY-MM-DD, for date inputs. */
export function todayInBrazil(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);
  return parts;
}
