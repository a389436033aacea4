import { expiryReminder } from './reminders';

const NOW = Date.parse('2026-11-24T15:00:00.000Z');

describe('expiryReminder', () => {
  it('names the nearest day and adds up the rest of the 30 days', () => {
    expect(
      expiryReminder(
        [
          { date: '2026-12-20', points: 100 },
          { date: '2026-12-08', points: 980 },
          { date: '2026-12-24', points: 20 },
          { date: '2027-01-30', points: 5000 },
        ],
        NOW,
      ),
    ).toEqual({ first: { date: '2026-12-08', points: 980 }, later: { points: 120, until: '2026-12-24' } });
  });

  it('stays quiet when nothing expires within 30 days', () => {
    expect(expiryReminder([{ date: '2027-01-30', points: 5000 }], NOW)).toBeNull();
    expect(expiryReminder([], NOW)).toBeNull();
  });

  it('counts the 30th day in', () => {
    expect(expiryReminder([{ date: '2026-12-24', points: 7 }], NOW)).toEqual({
      first: { date: '2026-12-24', points: 7 },
      later: null,
    });
  });
});
