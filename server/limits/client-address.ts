import { isIPv6 } from 'node:net';

/**
 * The key a client address is counted under by the per-address limits: an IPv4 address as it is, an IPv6 address by
 * its /64 (one household, phone or shop network gets a whole /64 and can pick any address in it, so counting each
 * address would give it billions of budgets), and an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, what a dual-stack
 * socket reports for an IPv4 client) as its IPv4 address, so the same client is one key whichever way it arrived.
 * The /64 is written in its canonical form (RFC 5952), so every spelling of it is the same key.
 *
 * The same keys @fastify/rate-limit's `normalizeIP` made (with its default /64), which the limits used before:
 * counters already in the database keep their keys.
 */
export function normalizeIP(ip: string): string {
  if (!isIPv6(ip)) return ip.toLowerCase();
  const groups = ipv6Groups(ip);
  if (isIPv4Mapped(groups)) {
    const [high, low] = [groups[6] ?? 0, groups[7] ?? 0];
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return canonicalIPv6([...groups.slice(0, 4), 0, 0, 0, 0]);
}

/** ::ffff:0:0/96. */
const isIPv4Mapped = (groups: readonly number[]): boolean =>
  groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;

/** The eight 16-bit groups of an address `isIPv6` accepted (a zone such as `%eth0` is dropped). */
function ipv6Groups(ip: string): number[] {
  let address = ip.split('%')[0] ?? '';
  // A trailing dotted IPv4 part (`::ffff:1.2.3.4`) is the last two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    address = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const [head = '', tail] = address.split('::');
  if (tail === undefined) return parse(head);
  const before = parse(head);
  const after = parse(tail);
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/** Lower-case hex without leading zeros; the longest run of two or more zero groups (the first of equals) as `::`. */
function canonicalIPv6(groups: readonly number[]): string {
  let runStart = -1;
  let runLength = 0;
  for (let i = 0; i < groups.length;) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let end = i;
    while (end < groups.length && groups[end] === 0) end += 1;
    if (end - i > runLength) {
      runStart = i;
      runLength = end - i;
    }
    i = end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (runLength < 2) return hex.join(':');
  return `${hex.slice(0, runStart).join(':')}::${hex.slice(runStart + runLength).join(':')}`;
}
