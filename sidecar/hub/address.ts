// Which IP addresses the hub refuses to connect to: callbacks come from strangers, so by
// default nothing that reaches the hub's own machine or network (SSRF).

const V4_RANGES: ReadonlyArray<readonly [string, number, string]> = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'CGNAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
  // Azure's metadata and DHCP address is a public one that each VM reaches on its own host.
  ['168.63.129.16', 32, 'cloud metadata'],
];

function v4ToInt(address: string): number | undefined {
  const parts = address.split('.');
  if (parts.length !== 4) return undefined;
  let n = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return undefined;
    n = n * 256 + Number(part);
  }
  return n;
}

function v4Reason(n: number): string | undefined {
  for (const [base, bits, label] of V4_RANGES) {
    const size = 2 ** (32 - bits);
    const start = v4ToInt(base) as number;
    if (n >= start && n < start + size) return label;
  }
  return undefined;
}

/** The eight 16-bit groups of an IPv6 address (zone id dropped), or undefined. */
export function v6Groups(address: string): number[] | undefined {
  let text = address.replace(/%.*$/, '').toLowerCase();
  if (text.includes('.')) {
    // A trailing dotted quad (::ffff:127.0.0.1) stands for the last two groups.
    const cut = text.lastIndexOf(':') + 1;
    const v4 = v4ToInt(text.slice(cut));
    if (v4 === undefined) return undefined;
    text = `${text.slice(0, cut)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (s: string) => (s === '' ? [] : s.split(':'));
  const head = parse(halves[0] as string);
  const tail = halves.length === 2 ? parse(halves[1] as string) : [];
  if (![...head, ...tail].every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const hex = (g: string) => Number.parseInt(g, 16);
  return [...head.map(hex), ...new Array<number>(missing).fill(0), ...tail.map(hex)];
}

function v6Reason(g: number[]): string | undefined {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, h7 = 0, h8 = 0] = g;
  const embedded = (hi: number, lo: number) => v4Reason(hi * 65536 + lo);
  const firstFourZero = a === 0 && b === 0 && c === 0 && d === 0;
  if (firstFourZero && e === 0 && f === 0 && h7 === 0 && h8 === 0) return 'unspecified';
  if (firstFourZero && e === 0 && f === 0 && h7 === 0 && h8 === 1) return 'loopback';
  // IPv4-mapped (::ffff:0:0/96), the deprecated IPv4-compatible form (::/96) and IPv4-translated
  // (::ffff:0:0:0/96, RFC 2765): each is an IPv4 address, judged as one; the last two are never public.
  if (firstFourZero && e === 0 && f === 0xffff) return embedded(h7, h8);
  if (firstFourZero && ((e === 0 && f === 0) || (e === 0xffff && f === 0))) return embedded(h7, h8) ?? 'reserved';
  if (firstFourZero) return 'reserved'; // the rest of ::/64 is unassigned
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return embedded(h7, h8); // NAT64
  if (a === 0x64 && b === 0xff9b) return 'NAT64 local-use'; // 64:ff9b:1::/48, and the unassigned rest of 64:ff9b::/32
  if (a === 0x2002) return embedded(b, c); // 6to4
  if (a === 0x100 && b === 0 && c === 0 && d === 0) return 'discard-only';
  if (a === 0x2001 && b < 0x200) return 'reserved'; // IETF protocol assignments, Teredo (2001::/32) included
  if (a === 0x2001 && b === 0xdb8) return 'documentation';
  if ((a & 0xfff0) === 0x3ff0) return 'documentation'; // 3fff::/20
  if (a === 0x5f00) return 'reserved'; // SRv6 segment identifiers
  if ((a & 0xfe00) === 0xfc00) return 'unique-local';
  if ((a & 0xffc0) === 0xfe80) return 'link-local';
  if ((a & 0xffc0) === 0xfec0) return 'site-local';
  if ((a & 0xff00) === 0xff00) return 'multicast';
  return undefined;
}

/** 4 or 6 for an IP address literal (an IPv6 one without brackets), 0 for anything else. */
export function ipFamily(address: string): 0 | 4 | 6 {
  if (v4ToInt(address) !== undefined) return 4;
  return address.includes(':') && v6Groups(address) !== undefined ? 6 : 0;
}

/** Why a callback may not connect to this address, or undefined when it is a public one. */
export function forbiddenReason(address: string): string | undefined {
  const family = ipFamily(address);
  if (family === 4) return v4Reason(v4ToInt(address) as number);
  if (family === 6) return v6Reason(v6Groups(address) as number[]);
  return address.includes(':') ? 'unparsable' : 'not an IP address';
}

/**
 * Host names that never belong to a public callback: this machine, names for private networks and names that
 * never resolve publicly (RFC 6761, 6762, 7686, 8375, 9476).
 */
const RESERVED_NAMES = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain|invalid|test|onion|alt)$/;

/**
 * Why a callback host is refused without resolving it (an address literal that is not public,
 * a reserved or single-label name), or undefined. Where the runtime cannot resolve and pin the
 * address (Workers), this is the whole check; on Node every resolved address is checked too.
 */
export function hostRefusal(hostname: string): string | undefined {
  const host = (hostname.startsWith('[') ? hostname.slice(1, -1) : hostname).toLowerCase().replace(/\.$/, '');
  if (ipFamily(host) !== 0) {
    const reason = forbiddenReason(host);
    return reason === undefined ? undefined : `${host} is a ${reason} address`;
  }
  if (!host.includes('.')) return `${host} is not a public host name`;
  if (RESERVED_NAMES.test(host)) return `${host} is a reserved name`;
  return undefined;
}
