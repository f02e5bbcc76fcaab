/**
 * IP addresses as the outbound-destination policy reads them: parsed without a resolver, so that
 * what an address *is* never depends on the platform's leniency, and sorted into the ranges the
 * policy refuses.
 */

/** An address: 4 bytes (IPv4) or 16 bytes (IPv6). */
export type IpBytes = readonly number[];

export type AddressRange = 'public' | 'loopback' | 'link_local' | 'private' | 'unique_local' | 'unspecified' | 'multicast' | 'reserved';

const DECIMAL_OCTET = /^(?:0|[1-9]\d{0,2})$/;

/** `a.b.c.d` in decimal, each part 0–255 without leading zeros (what every parser reads alike). */
export const parseIpv4 = (text: string): IpBytes | null => {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => DECIMAL_OCTET.test(part))) return null;
  const bytes = parts.map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : null;
};

const looseNumber = (part: string): number | null => {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : parseInt(part.slice(2), 16);
  if (/^0[0-7]*$/.test(part)) return parseInt(part, 8);
  if (/^[1-9]\d*$/.test(part)) return Number(part);
  return null;
};

/**
 * The forms `inet_aton` and browsers' URL parsers also take as IPv4: one to four parts, each
 * decimal, hexadecimal (`0x7f`) or octal (`0177`), the last part filling the bytes left —
 * `2130706433`, `0x7f000001`, `0177.0.0.1` and `127.1` are all 127.0.0.1. A resolver may read
 * such a host name as an address; the policy reads it the same way first.
 */
export const parseIpv4Loose = (text: string): IpBytes | null => {
  const parts = text.replace(/\.$/, '').split('.');
  if (parts.length === 0 || parts.length > 4 || parts.some((part) => part === '')) return null;
  const numbers = parts.map(looseNumber);
  if (numbers.some((value) => value === null || !Number.isFinite(value))) return null;
  const values = numbers as number[];
  const last = values[values.length - 1];
  const head = values.slice(0, -1);
  if (head.some((value) => value > 255) || last >= 256 ** (5 - values.length)) return null;
  const bytes = [...head];
  for (let index = 4 - values.length; index >= 0; index -= 1) bytes.push(Math.floor(last / 256 ** index) % 256);
  return bytes;
};

/** An IPv6 address (a zone such as `%eth0` is left out), with an IPv4 tail allowed (`::ffff:127.0.0.1`). */
export const parseIpv6 = (text: string): IpBytes | null => {
  const address = text.replace(/%[\w.-]+$/, '');
  if (!/^[0-9a-f:.]+$/i.test(address) || !address.includes(':')) return null;
  let tail: number[] = [];
  let head = address;
  const lastColon = address.lastIndexOf(':');
  if (address.slice(lastColon + 1).includes('.')) {
    const ipv4 = parseIpv4(address.slice(lastColon + 1));
    if (!ipv4) return null;
    tail = [...ipv4];
    head = address.slice(0, lastColon + 1);
    if (!head.endsWith('::')) head = head.slice(0, -1);
  }
  const halves = head.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (part: string): number[] | null => {
    if (part === '') return [];
    const groups = part.split(':');
    if (groups.some((group) => !/^[0-9a-f]{1,4}$/i.test(group))) return null;
    return groups.map((group) => parseInt(group, 16));
  };
  const wanted = 8 - tail.length / 2;
  const before = groupsOf(halves[0]);
  const after = halves.length === 2 ? groupsOf(halves[1]) : [];
  if (!before || !after) return null;
  let groups: number[];
  if (halves.length === 2) {
    const missing = wanted - before.length - after.length;
    if (missing < 1) return null;
    groups = [...before, ...Array<number>(missing).fill(0), ...after];
  } else {
    groups = before;
  }
  if (groups.length !== wanted) return null;
  return [...groups.flatMap((group) => [group >> 8, group & 0xff]), ...tail];
};

/** A host as typed, without the brackets of an IPv6 literal. */
export const unbracketed = (host: string): string => host.replace(/^\[(.*)\]$/, '$1');

/** The address a host names without any resolver, or null for a name. */
export const literalAddressOf = (host: string): IpBytes | null => {
  const text = unbracketed(host.trim());
  return parseIpv6(text) ?? parseIpv4(text) ?? parseIpv4Loose(text);
};

/** The IPv4 address an IPv6 one stands for: IPv4-mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`, 6to4 `2002:aabb:ccdd::`. */
const embeddedIpv4 = (bytes: IpBytes): IpBytes | null => {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12);
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12)) return bytes.slice(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6);
  return null;
};

/** The same address in its plainest form: an IPv6 address that stands for an IPv4 one becomes that one. */
export const plainAddress = (bytes: IpBytes): IpBytes => (bytes.length === 16 ? (embeddedIpv4(bytes) ?? bytes) : bytes);

const inRange = (bytes: IpBytes, prefix: IpBytes, bits: number): boolean => {
  for (let bit = 0; bit < bits; bit += 1) {
    const mask = 0x80 >> bit % 8;
    if ((bytes[bit >> 3] & mask) !== (prefix[bit >> 3] & mask)) return false;
  }
  return true;
};

/** IPv4 ranges other than the public Internet (RFC 6890). */
const IPV4_RANGES: [IpBytes, number, AddressRange][] = [
  [[0, 0, 0, 0], 8, 'unspecified'],
  [[10, 0, 0, 0], 8, 'private'],
  [[100, 64, 0, 0], 10, 'private'],
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 0, 0], 16, 'link_local'],
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 0, 0, 0], 24, 'reserved'],
  [[192, 0, 2, 0], 24, 'reserved'],
  [[192, 88, 99, 0], 24, 'reserved'],
  [[192, 168, 0, 0], 16, 'private'],
  [[198, 18, 0, 0], 15, 'reserved'],
  [[198, 51, 100, 0], 24, 'reserved'],
  [[203, 0, 113, 0], 24, 'reserved'],
  [[224, 0, 0, 0], 4, 'multicast'],
  [[240, 0, 0, 0], 4, 'reserved'],
];

const v6 = (...groups: number[]): IpBytes => [...groups, ...Array<number>(8 - groups.length).fill(0)].flatMap((group) => [group >> 8, group & 0xff]);

/** IPv6 ranges other than the public Internet; outside 2000::/3 nothing is public yet. */
const IPV6_RANGES: [IpBytes, number, AddressRange][] = [
  [v6(), 128, 'unspecified'],
  [v6(0, 0, 0, 0, 0, 0, 0, 1), 128, 'loopback'],
  [v6(0xfe80), 10, 'link_local'],
  [v6(0xfec0), 10, 'private'],
  [v6(0xfc00), 7, 'unique_local'],
  [v6(0xff00), 8, 'multicast'],
  [v6(0x2001, 0x0db8), 32, 'reserved'],
  [v6(0x2001), 32, 'reserved'],
];

/** Which range an address is in: only `public` ones may be reached by what customers type. */
export const rangeOf = (address: IpBytes): AddressRange => {
  const plain = plainAddress(address);
  if (plain.length === 4) return IPV4_RANGES.find(([prefix, bits]) => inRange(plain, prefix, bits))?.[2] ?? 'public';
  const listed = IPV6_RANGES.find(([prefix, bits]) => inRange(plain, prefix, bits))?.[2];
  if (listed) return listed;
  return inRange(plain, v6(0x2000), 3) ? 'public' : 'reserved';
};

/** The usual text of an address (`127.0.0.1`, `2001:db8::1`), IPv6 groups compressed as RFC 5952 says. */
export const formatAddress = (bytes: IpBytes): string => {
  if (bytes.length === 4) return bytes.join('.');
  const groups = Array.from({ length: 8 }, (_, index) => (bytes[index * 2] << 8) | bytes[index * 2 + 1]);
  let best = { start: -1, length: 1 };
  for (let start = 0; start < 8; start += 1) {
    let length = 0;
    while (start + length < 8 && groups[start + length] === 0) length += 1;
    if (length > best.length) best = { start, length };
  }
  const hex = groups.map((group) => group.toString(16));
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
};

export const sameAddress = (a: IpBytes, b: IpBytes): boolean => {
  const [left, right] = [plainAddress(a), plainAddress(b)];
  return left.length === right.length && left.every((byte, index) => byte === right[index]);
};
