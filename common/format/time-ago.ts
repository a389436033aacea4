import { formatDate, todayInBrazil } from './dates';

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
