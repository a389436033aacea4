import { businessDaysSince, isBusinessDay, lateBefore } from './business-days';

describe('business days of the rule book', () => {
  it('skips weekends and national holidays, fixed and moving with Easter', () => {
    expect(isBusinessDay('2026-11-26')).toBe(true); // a Thursday
    expect(isBusinessDay('2026-11-28')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-20')).toBe(false); // Consciência Negra
    expect(isBusinessDay('2026-04-03')).toBe(false); // Good Friday 2026 (Easter on 5 April)
    expect(isBusinessDay('2026-02-16')).toBe(false); // Carnival Monday
    expect(isBusinessDay('2026-02-17')).toBe(false); // Carnival Tuesday
    expect(isBusinessDay('2026-06-04')).toBe(false); // Corpus Christi
    expect(isBusinessDay('2027-03-26')).toBe(false); // Good Friday 2027 (Easter on 28 March)
    expect(isBusinessDay('2026-02-18')).toBe(true); // Ash Wednesday
  });

  it('counts the business days after the São Paulo day something was sent, up to today', () => {
    // Friday 20 Nov 2026 evening in São Paulo is already Saturday in UTC: it is still Friday's.
    const sentFriday = '2026-11-21T01:30:00.000Z';
    expect(businessDaysSince(sentFriday, Date.parse('2026-11-22T15:00:00Z'))).toBe(0); // Sunday
    expect(businessDaysSince(sentFriday, Date.parse('2026-11-23T15:00:00Z'))).toBe(1); // Monday
    expect(businessDaysSince(sentFriday, Date.parse('2026-11-27T15:00:00Z'))).toBe(5); // Friday
    expect(businessDaysSince(sentFriday, Date.parse('2026-11-30T15:00:00Z'))).toBe(6); // late
    // Sent on Thursday 19 Nov: the holiday on Friday 20 does not count.
    expect(businessDaysSince('2026-11-19T15:00:00Z', Date.parse('2026-11-23T15:00:00Z'))).toBe(1);
  });
});

describe('the instant before which a send is late', () => {
  it('agrees with businessDaysSince on each side of it', () => {
    const now = Date.parse('2026-11-26T18:00:00Z');
    const cutoff = lateBefore(5, now);
    expect(businessDaysSince(new Date(Date.parse(cutoff) - 1).toISOString(), now)).toBe(6);
    expect(businessDaysSince(cutoff, now)).toBe(5);
    // Thursday 26 Nov: five business days back skip the weekend and Friday 20's holiday.
    expect(cutoff).toBe('2026-11-18T03:00:00.000Z');
  });
});
