import { lazyFormat } from './lazy-format';

/*
 * Points and money are written by hand in the pt-BR form (1.234.567 / R$ 1.234,50) instead of by Intl: the first
 * Intl formatter a page builds loads the locale's data, about 70 ms of a 4× slowed phone's main thread, and home
 * and "Minhas notas fiscais" need nothing else from it. numbers.test.ts checks both against Intl.
 */

/** Digits of a non-negative integer grouped by thousands with dots. */
function grouped(n: number): string {
  const digits = String(n);
  let out = '';
  for (let i = 0; i < digits.length; i += 1) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += '.';
    out += digits[i];
  }
  return out;
}

/** Fractions and values past exact integers are left to Intl. */
const INTEGER = lazyFormat(() => new Intl.NumberFormat('pt-BR'));
const byHand = (n: number) => Number.isSafeInteger(n);

export const formatPoints = (points: number): string =>
  !byHand(points) ? INTEGER().format(points) : points < 0 ? `-${grouped(-points)}` : grouped(points);
/** A count with its noun in the number's form: "1 código novo", "5 códigos novos", "0 livres". */
export const formatCount = (n: number, one: string, many: string): string =>
  `${formatPoints(n)} ${n === 1 ? one : many}`;
/** +1.234 / −56, for ledger rows. */
export const formatSignedPoints = (points: number): string =>
  points > 0 ? `+${formatPoints(points)}` : points < 0 ? `−${formatPoints(-points)}` : '0';
/** Short label for a chart bar: 980, 1,2 mil, 12 mil, 1,5 mi (Intl's compact pt-BR form). */
const COMPACT = lazyFormat(() => new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 }));
export const formatCompactPoints = (points: number): string => COMPACT().format(points);

const MONEY = lazyFormat(() => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }));
/** "R$ 1.234,50" (a no-break space after R$, as Intl writes it). */
export const formatCents = (cents: number): string => {
  if (!byHand(cents)) return MONEY().format(cents / 100);
  const abs = Math.abs(cents);
  const text = `R$\u00a0${grouped(Math.floor(abs / 100))},${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
};

/**
 * A decimal as the NF-e writes it ("2.0000", qCom) in the pt-BR form, without the zeros it pads with: "2", "1,5",
 * "1.234,5". What is not such a decimal is shown as it came.
 */
export const formatDecimalText = (value: string): string => {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  const wholeText = whole.length <= 15 ? grouped(Number(whole)) : whole;
  return fraction ? `${wholeText},${fraction}` : wholeText;
};
