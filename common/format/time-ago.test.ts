import { formatTimeAgo } from './time-ago';

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
