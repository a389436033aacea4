const INTEGER = new Intl.NumberFormat('pt-BR');
const MONEY = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

export const formatPoints = (points: number): string => INTEGER.format(points);
/** +1.234 / −56, for ledger rows. */
export const formatSignedPoints = (points: number): string =>
  points > 0 ? `+${INTEGER.format(points)}` : points < 0 ? `−${INTEGER.format(-points)}` : '0';
export const formatCents = (cents: number): string => MONEY.format(cents / 100);
