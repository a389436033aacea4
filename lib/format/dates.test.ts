import { formatDate, formatDateTime, todayInBrazil } from './dates';

const saoPaulo = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', ...options });
const date = saoPaulo({ day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTime = saoPaulo({ day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });

/** Every 7 hours and 13 minutes from 2020 to 2030: all hours of the day, month and year ends, leap days. */
const instants = Array.from({ length: 12_000 }, (_, i) => new Date(Date.UTC(2020, 0, 1) + i * (7 * 60 + 13) * 60_000));

describe('days and times in São Paulo', () => {
  it('agree with Intl for America/Sao_Paulo at every hour from 2020 to 2030', () => {
    for (const instant of instants) {
      const iso = instant.toISOString();
      expect(formatDate(iso)).toBe(date.format(instant));
      expect(formatDateTime(iso)).toBe(dateTime.format(instant));
      expect(todayInBrazil(instant)).toBe(day.format(instant));
    }
  });

  it('turn the day at 03:00 UTC', () => {
    expect(formatDateTime('2026-12-01T02:59:00Z')).toBe('30/11/2026, 23:59');
    expect(formatDate('2026-12-01T03:00:00Z')).toBe('01/12/2026');
    expect(todayInBrazil(Date.parse('2027-01-01T02:00:00Z'))).toBe('2026-12-31');
  });

  it('show what is not a date as it came', () => {
    expect(formatDate('sem data')).toBe('sem data');
    expect(formatDateTime('')).toBe('');
  });
});
