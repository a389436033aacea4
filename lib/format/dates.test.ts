import { formatDate, formatDateTime, formatTimeAgo, todayInBrazil } from './dates';

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

describe('formatTimeAgo', () => {
  // 26/11/2026, 10:00 in São Paulo.
  const now = Date.parse('2026-11-26T13:00:00Z');
  const ago = (ms: number) => formatTimeAgo(new Date(now - ms).toISOString(), now);
  const MIN = 60_000;

  it('says minutes and hours within the same São Paulo day', () => {
    expect(ago(20_000)).toBe('há menos de 1 minuto');
    expect(ago(MIN)).toBe('há 1 minuto');
    expect(ago(5 * MIN)).toBe('há 5 minutos');
    expect(ago(60 * MIN)).toBe('há 1 hora');
    expect(ago(9 * 60 * MIN)).toBe('há 9 horas');
  });

  it('says "ontem" for the day before in São Paulo, even a few hours ago, then days, then the date', () => {
    // 23:30 of the day before, São Paulo time: 10 h 30 min ago.
    expect(formatTimeAgo('2026-11-26T02:30:00Z', now)).toBe('ontem');
    expect(ago(3 * 24 * 60 * MIN)).toBe('há 3 dias');
    expect(ago(8 * 24 * 60 * MIN)).toBe('em 18/11/2026');
  });

  it('shows what is not a date as it came', () => {
    expect(formatTimeAgo('sem data', now)).toBe('sem data');
  });
});
