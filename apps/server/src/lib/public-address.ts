import { isIPv4, isIPv6 } from "node:net";

/**
 * Whether an IP address is on the public internet, for the SSRF guard of outgoing webhooks: no
 * private, loopback, link-local, CGNAT, multicast, reserved, documentation or unspecified
 * address, in IPv4 or IPv6, including IPv4 addresses inside IPv6 (IPv4-mapped ::ffff:a.b.c.d,
 * IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96). Anything that is not an address is not public.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  if (isIPv4(bare)) return isPublicIPv4(ipv4Number(bare));
  if (isIPv6(bare)) {
    const bytes = ipv6Bytes(bare);
    return bytes !== null && isPublicIPv6(bytes);
  }
  return false;
}

/** [network, prefix length] of every IPv4 range that is not the public internet (RFC 6890). */
const IPV4_NOT_PUBLIC: [string, number][] = [
  ["0.0.0.0", 8], // "this network", and the unspecified 0.0.0.0
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata services live here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast (deprecated)
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast 255.255.255.255
];

const ipv4Ranges = IPV4_NOT_PUBLIC.map(([network, bits]) => ({
  network: ipv4Number(network),
  mask: bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0,
}));

function ipv4Number(address: string): number {
  return address.split(".").reduce((n, part) => ((n << 8) | Number(part)) >>> 0, 0);
}

function isPublicIPv4(n: number): boolean {
  return !ipv4Ranges.some((range) => (n & range.mask) >>> 0 === range.network);
}

/** The 16 bytes of an IPv6 address (with :: and a trailing dotted quad), or null. */
export function ipv6Bytes(address: string): number[] | null {
  let text = address.split("%")[0]!.toLowerCase();
  // A trailing IPv4 part (::ffff:127.0.0.1) becomes two groups.
  const dotted = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    if (!isIPv4(dotted[2]!)) return null;
    const n = ipv4Number(dotted[2]!);
    text = `${dotted[1]}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  const bytes: number[] = [];
  for (const group of all) {
    if (!/^[0-9a-f]{1,4}$/.test(group)) return null;
    const value = Number.parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  return bytes;
}

function startsWith(bytes: number[], prefix: number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit += 1) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((bytes[byte]! & mask) !== (prefix[byte]! & mask)) return false;
  }
  return true;
}

const v6 = (address: string) => ipv6Bytes(address)!;

/** Inside 2000::/3 (global unicast), these are still not the public internet. */
const IPV6_NOT_PUBLIC: [number[], number][] = [
  [v6("2001::"), 32], // Teredo (tunnels to any IPv4 address)
  [v6("2001:2::"), 48], // benchmarking
  [v6("2001:10::"), 28], // ORCHID
  [v6("2001:db8::"), 32], // documentation
  [v6("2002::"), 16], // 6to4 (tunnels to any IPv4 address)
  [v6("3fff::"), 20], // documentation
];

function embeddedIPv4(bytes: number[], from: number): number {
  return (
    ((bytes[from]! << 24) |
      (bytes[from + 1]! << 16) |
      (bytes[from + 2]! << 8) |
      bytes[from + 3]!) >>>
    0
  );
}

function isPublicIPv6(bytes: number[]): boolean {
  // IPv4-mapped (::ffff:0:0/96) and IPv4-compatible (::/96, incl. :: and ::1): the IPv4 address
  // decides. (::/96 with 0.0.0.0 or 0.0.0.1 is the unspecified or loopback address: not public.)
  if (startsWith(bytes, v6("::ffff:0:0"), 96) || startsWith(bytes, v6("::"), 96)) {
    return isPublicIPv4(embeddedIPv4(bytes, 12));
  }
  // NAT64's well-known prefix reaches the IPv4 address in its last 32 bits.
  if (startsWith(bytes, v6("64:ff9b::"), 96)) return isPublicIPv4(embeddedIPv4(bytes, 12));
  // Everything else outside global unicast: unique-local fc00::/7, link-local fe80::/10,
  // site-local fec0::/10, multicast ff00::/8, discard 100::/64, local NAT64 64:ff9b:1::/48…
  if (!startsWith(bytes, v6("2000::"), 3)) return false;
  return !IPV6_NOT_PUBLIC.some(([prefix, bits]) => startsWith(bytes, prefix, bits));
}
