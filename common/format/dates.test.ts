import {
  formatDate,
  formatDateTime,
  formatStaffTime,
  formatUpdatedAt,
  saoPauloDayStart,
  saoPauloDayStartMs,
  todayInBrazil,
} from './dates';

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

  it('print for the terminal in São Paulo time with the offset, the painel’s minute', () => {
    expect(formatStaffTime('2026-11-24T17:56:30.000Z')).toBe('2026-11-24 14:56 -03:00');
    expect(formatStaffTime('2026-12-01T02:59:00Z')).toBe('2026-11-30 23:59 -03:00');
    expect(formatDateTime('2026-11-24T17:56:30.000Z')).toBe('24/11/2026, 14:56');
    expect(formatStaffTime('sem data')).toBe('sem data');
  });

  it('show what is not a date as it came', () => {
    expect(formatDate('sem data')).toBe('sem data');
    expect(formatDateTime('')).toBe('');
  });
});

describe('the start of a São Paulo day', () => {
  it('is the first instant todayInBrazil calls that day, and the day before is the instant just earlier', () => {
    for (const instant of instants.filter((_, i) => i % 50 === 0)) {
      const today = todayInBrazil(instant);
      const start = saoPauloDayStartMs(today);
      expect(todayInBrazil(start)).toBe(today);
      expect(todayInBrazil(start - 1)).not.toBe(today);
      expect(start).toBeLessThanOrEqual(instant.getTime());
      expect(saoPauloDayStart(today, 1)).toBe(
        new Date(saoPauloDayStartMs(todayInBrazil(start + 86_400_000))).toISOString(),
      );
    }
  });

  it('is NaN for text that is no day, and the ISO form refuses it', () => {
    expect(saoPauloDayStartMs('2026-13-01')).toBeNaN();
    expect(() => saoPauloDayStart('ontem')).toThrow(RangeError);
  });
});

describe('formatUpdatedAt', () => {
  const at = (iso: string) => Date.parse(iso);

  it('gives the São Paulo time alone on the same São Paulo day', () => {
    expect(formatUpdatedAt(at('2026-11-26T13:05:00Z'), at('2026-11-26T22:00:00Z'))).toBe('Atualizado às 10:05');
    // 02:30 UTC is still the evening before in São Paulo, the same day as 23:00 there.
    expect(formatUpdatedAt(at('2026-11-26T02:30:00Z'), at('2026-11-26T02:59:00Z'))).toBe('Atualizado às 23:30');
  });

  it('adds the day when it was another day, and the year when another year', () => {
    expect(formatUpdatedAt(at('2026-11-26T02:30:00Z'), at('2026-11-26T03:00:00Z'))).toBe(
      'Atualizado em 25/11 às 23:30',
    );
    expect(formatUpdatedAt(at('2026-12-31T20:00:00Z'), at('2027-01-02T12:00:00Z'))).toBe(
      'Atualizado em 31/12/2026 às 17:00',
    );
  });
});
