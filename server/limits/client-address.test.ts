import { normalizeIP } from './client-address';

// Expected keys are the ones @fastify/rate-limit's normalizeIP made, which the stored counters were written under.
describe('the key of a client address', () => {
  it('keeps an IPv4 address as it is, and lower-cases anything else that is not IPv6', () => {
    expect(normalizeIP('127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeIP('203.0.113.9')).toBe('203.0.113.9');
    expect(normalizeIP('Example.COM')).toBe('example.com');
    expect(normalizeIP('')).toBe('');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address, however it is written', () => {
    expect(normalizeIP('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(normalizeIP('::FFFF:C000:0201')).toBe('192.0.2.1');
    expect(normalizeIP('0:0:0:0:0:ffff:102:304')).toBe('1.2.3.4');
    expect(normalizeIP('::ffff:1.2.3.4%eth0')).toBe('1.2.3.4');
    expect(normalizeIP('::ffff:0:0')).toBe('0.0.0.0');
  });

  it('counts an IPv6 address by its /64, in the canonical spelling', () => {
    expect(normalizeIP('2001:0DB8:ABCD:0012:0000:0000:0000:0001')).toBe('2001:db8:abcd:12::');
    expect(normalizeIP('2001:db8:abcd:12::1')).toBe('2001:db8:abcd:12::');
    expect(normalizeIP('2001:db8:abcd:12:ffff:1:2:3')).toBe('2001:db8:abcd:12::');
    expect(normalizeIP('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::');
    expect(normalizeIP('2001:db8:abcd:12:1:2:1.2.3.4')).toBe('2001:db8:abcd:12::');
    expect(normalizeIP('fe80::1%eth0')).toBe('fe80::');
    expect(normalizeIP('::1')).toBe('::');
    expect(normalizeIP('::')).toBe('::');
  });

  it('compresses only the longest run of zero groups, the first of two equal runs, never a single one', () => {
    expect(normalizeIP('1:0:0:2::')).toBe('1:0:0:2::');
    expect(normalizeIP('2001:0:0:1::')).toBe('2001:0:0:1::');
    expect(normalizeIP('0:0:0:1::')).toBe('0:0:0:1::');
    expect(normalizeIP('0:0:1:0::')).toBe('0:0:1::');
    expect(normalizeIP('1:0:0:0:2:0:0:3')).toBe('1::');
    expect(normalizeIP('2001:db8:0:1::')).toBe('2001:db8:0:1::');
    expect(normalizeIP('0:1:0:1::')).toBe('0:1:0:1::');
  });

  it('is one key for every spelling of the same /64', () => {
    const spellings = ['2001:db8::1', '2001:0db8:0000:0000::2', '2001:DB8:0:0:0:0:0:3', '2001:db8:0:0:ffff::'];
    expect(new Set(spellings.map(normalizeIP))).toEqual(new Set(['2001:db8::']));
  });
});
