import { formatLongDate, formatNumber, formatPeriod, formatShortDate } from './format';

describe('content formatting', () => {
  it('formats calendar days for pt-BR without shifting them by the time zone', () => {
    expect(formatShortDate('2026-11-01')).toBe('01/11/2026');
    expect(formatLongDate('2026-11-01')).toBe('1º de novembro de 2026');
    expect(formatLongDate('2027-01-31')).toBe('31 de janeiro de 2027');
  });

  it('formats periods and numbers', () => {
    expect(formatPeriod('2026-11-01', '2027-01-31')).toBe('01/11/2026 a 31/01/2027');
    expect(formatPeriod('2026-11-01', null)).toBe('A partir de 01/11/2026');
    expect(formatPeriod(null, null)).toBe('Sem prazo definido');
    expect(formatNumber(12500)).toBe('12.500');
  });
});
