import { formatCents, formatDecimalText, formatPoints, formatSignedPoints } from './numbers';

const integer = new Intl.NumberFormat('pt-BR');
const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
/** Zero, each length of digits, both signs, and the largest exact integer. */
const samples = [0, 7, 42, 999, 1_000, 1_234, 12_345, 999_999, 1_000_000, 123_456_789, Number.MAX_SAFE_INTEGER].flatMap(
  // -0 stays out: Intl writes "-0", a member should never see it.
  (n) => (n === 0 ? [0] : [n, -n]),
);

describe('points and money in the pt-BR form', () => {
  it('writes points as Intl does', () => {
    for (const n of samples) expect(formatPoints(n)).toBe(integer.format(n));
    expect(formatPoints(1234567)).toBe('1.234.567');
    expect(formatPoints(2.5)).toBe('2,5');
  });

  it('signs ledger rows with + and the minus sign', () => {
    expect(formatSignedPoints(1234)).toBe('+1.234');
    expect(formatSignedPoints(-56)).toBe('−56');
    expect(formatSignedPoints(0)).toBe('0');
  });

  it('writes cents as reais as Intl does', () => {
    for (const n of [...samples, 1, 5, 10, 99, 100, 101, 123_450, -1, -99]) {
      // Past 10^13 cents, n / 100 is no longer exact and Intl rounds what it was given.
      if (Math.abs(n) < 1e13) expect(formatCents(n)).toBe(money.format(n / 100));
    }
    expect(formatCents(123450)).toBe('R$\u00a01.234,50');
  });
});

describe('an NF-e decimal in the pt-BR form', () => {
  it('drops the padding zeros, writes the comma and groups thousands; leaves anything else as it came', () => {
    const shown: [string, string][] = [
      ['2.0000', '2'],
      ['1.5000', '1,5'],
      ['1234.2500', '1.234,25'],
      ['0.0010', '0,001'],
      ['3', '3'],
      ['2,5', '2,5'],
    ];
    expect(shown.map(([value]) => formatDecimalText(value))).toEqual(shown.map(([, text]) => text));
  });
});
