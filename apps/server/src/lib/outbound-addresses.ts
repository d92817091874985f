import ipaddr from "ipaddr.js";

/**
 * Which addresses Ringback's outbound requests may connect to (the SSRF guard's rule). The ranges
 * come from ipaddr.js, which names every special-purpose block of the IANA registries; only what
 * it calls plain `unicast` is the public internet. IPv4 inside IPv6 (::ffff:a.b.c.d) is judged as
 * the IPv4 address it reaches, and IPv6 outside global unicast (2000::/3) is never public — that
 * also refuses the deprecated IPv4-compatible form ::a.b.c.d, which ipaddr.js leaves unnamed.
 */

type Address = ipaddr.IPv4 | ipaddr.IPv6;

const GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3");

function parse(address: string): Address | null {
  const bare = (address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address)
    .split("%")[0]!
    .trim();
  if (!ipaddr.isValid(bare)) return null;
  // Only the four-part dotted form: ipaddr.js also reads "0x7f.1" and "2130706433", which a URL
  // parser would have normalised already and which no resolver answers with.
  if (!bare.includes(":") && !ipaddr.IPv4.isValidFourPartDecimal(bare)) return null;
  return ipaddr.process(bare);
}

/** Whether an IP address is on the public internet. Anything that is not an address is not. */
export function isPublicAddress(address: string): boolean {
  const parsed = parse(address);
  if (!parsed) return false;
  if (parsed.range() !== "unicast") return false;
  if (parsed.kind() === "ipv6" && !parsed.match(GLOBAL_UNICAST)) return false;
  return true;
}

/** Networks an operator allows although they are not public (an internal CRM, a test receiver). */
export type AllowedNetworks = readonly [Address, number][];

/**
 * Reads a comma-separated list of addresses and CIDR blocks ("127.0.0.1, 10.0.0.0/8, fd00::/8").
 * Throws with the entry that is not one.
 */
export function parseAllowedNetworks(text: string | undefined): AllowedNetworks {
  if (!text?.trim()) return [];
  return text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry): [Address, number] => {
      try {
        if (entry.includes("/")) {
          return ipaddr.parseCIDR(entry);
        }
        const single = parse(entry);
        if (!single) throw new Error("not an address");
        return [single, single.kind() === "ipv4" ? 32 : 128];
      } catch {
        throw new Error(`"${entry}" is not an IP address or CIDR block`);
      }
    });
}

/** Whether an outbound request may connect to `address`: public, or in a network the operator allows. */
export function isAllowedAddress(address: string, allowed: AllowedNetworks = []): boolean {
  if (isPublicAddress(address)) return true;
  const parsed = parse(address);
  if (!parsed) return false;
  return allowed.some(
    ([network, bits]) => network.kind() === parsed.kind() && parsed.match(network, bits),
  );
}
