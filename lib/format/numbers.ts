import { lazyFormat } from './lazy-format';

const INTEGER = lazyFormat(() => new Intl.NumberFormat('pt-BR'));
const MONEY = lazyFormat(() => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }));

export const formatPoints = (points: number): string => INTEGER().format(points);
/** +1.234 / −56, for ledger rows. */
export const formatSignedPoints = (points: number): string =>
  points > 0 ? `+${INTEGER().format(points)}` : points < 0 ? `−${INTEGER().format(-points)}` : '0';
/** Short label for a chart bar: 980, 1,2 mil, 12 mil, 1,5 mi (Intl's compact pt-BR form). */
const COMPACT = lazyFormat(() => new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 }));
export const formatCompactPoints = (points: number): string => COMPACT().format(points);
export const formatCents = (cents: number): string => MONEY().format(cents / 100);
