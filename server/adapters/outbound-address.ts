import { isIPv4, isIPv6 } from 'node:net';

/**
 * What an IP address is to the outbound guard (docs/outbound-calls.md#addresses-refused): 'public', or the kind of
 * address a call from the club must not reach. The ranges are IANA's special-purpose registries (RFC 6890 and its
 * updates) for IPv4 and IPv6.
 */
export type AddressClass =
  | 'public'
  | 'private'
  | 'loopback'
  | 'link-local'
  | 'cgnat'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'unique-local';

/** How an operator reads each class in a refusal (the last error of a push, a log line). */
export const ADDRESS_CLASS_LABEL: Readonly<Record<Exclude<AddressClass, 'public'>, string>> = {
  private: 'rede privada',
  loopback: 'esta máquina',
  'link-local': 'link-local, onde ficam os metadados da nuvem',
  cgnat: 'rede compartilhada de operadora (CGNAT)',
  unspecified: 'endereço não especificado',
  multicast: 'multicast',
  broadcast: 'broadcast',
  reserved: 'faixa reservada',
  'unique-local': 'rede privada IPv6',
};

/** Most specific first: 255.255.255.255 sits inside 240.0.0.0/4. */
const IPV4_RANGES: readonly (readonly [string, number, AddressClass])[] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'cgnat'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['255.255.255.255', 32, 'broadcast'],
  ['240.0.0.0', 4, 'reserved'],
];

const ipv4Number = (dotted: string): number => dotted.split('.').reduce((value, part) => value * 256 + Number(part), 0);

const IPV4_TABLE = IPV4_RANGES.map(([base, prefix, kind]) => ({
  block: 2 ** (32 - prefix),
  start: ipv4Number(base),
  kind,
}));

function ipv4Class(value: number): AddressClass {
  const range = IPV4_TABLE.find((r) => Math.floor(value / r.block) === Math.floor(r.start / r.block));
  return range?.kind ?? 'public';
}

/** The eight 16-bit groups of an IPv6 address that net.isIPv6 accepted (a dotted quad at its end is two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const value = ipv4Number(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${Math.floor(value / 65536).toString(16)}:${(value % 65536).toString(16)}`;
  }
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const [head, tail] = text.split('::') as [string, string | undefined];
  if (tail === undefined) return groups(head);
  const [front, back] = [groups(head), groups(tail)];
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

function ipv6Class(g: number[]): AddressClass {
  const zeros = (count: number) => g.slice(0, count).every((group) => group === 0);
  const embedded = (high: number, low: number) => ipv4Class(high * 65536 + low);
  if (zeros(8)) return 'unspecified';
  if (zeros(7) && g[7] === 1) return 'loopback';
  // An IPv4 address carried in IPv6 is judged as the IPv4 it reaches: mapped (::ffff:a.b.c.d), compatible
  // (::a.b.c.d), translated (::ffff:0:a.b.c.d), NAT64's well-known prefix (64:ff9b::/96) and 6to4 (2002:wwxx:yyzz::).
  if (zeros(5) && g[5] === 0xffff) return embedded(g[6]!, g[7]!);
  if (zeros(6)) return embedded(g[6]!, g[7]!);
  if (zeros(4) && g[4] === 0xffff && g[5] === 0) return embedded(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((group) => group === 0)) return embedded(g[6]!, g[7]!);
  if (g[0] === 0x2002) return embedded(g[1]!, g[2]!);
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return 'unique-local';
  if ((first & 0xffc0) === 0xfe80) return 'link-local';
  if ((first & 0xff00) === 0xff00) return 'multicast';
  // Only 2000::/3 is global unicast; inside it, the IETF's protocol block (Teredo, benchmarking, ORCHID) and the two
  // documentation prefixes reach no one the club calls.
  if ((first & 0xe000) !== 0x2000) return 'reserved';
  if (first === 0x2001 && g[1]! < 0x200) return 'reserved';
  if (first === 0x2001 && g[1] === 0xdb8) return 'reserved';
  if (first === 0x3fff && g[1]! < 0x1000) return 'reserved';
  return 'public';
}

/**
 * The class of an IP address as the resolver or the URL parser gives it (dotted quad, or IPv6 with or without a
 * zone), or null for anything that is not one. URL parsing already turns 2130706433, 0177.0.0.1, 0x7f.0.0.1 and
 * 127.1 into 127.0.0.1 for http and https; a host that is still no address here is resolved as a name, and the
 * addresses the resolver answers are what gets judged.
 */
export function addressClass(address: string): AddressClass | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) return ipv4Class(ipv4Number(bare));
  if (isIPv6(bare)) return ipv6Class(ipv6Groups(bare));
  return null;
}
