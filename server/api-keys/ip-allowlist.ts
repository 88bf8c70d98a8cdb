import ipaddr from 'ipaddr.js';
import { z } from 'zod';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** docs/api.md, "API keys and scopes": at most this many ranges per key. */
export const MAX_ALLOWLIST_ENTRIES = 50;

/** Only the usual spellings: ipaddr.js alone would also read "1" or "0x7f.1" as IPv4, and zones ("%eth0") name nothing here. */
function strictAddress(text: string): Address | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (text.includes(':') && !text.includes('%') && ipaddr.IPv6.isValid(text)) return ipaddr.IPv6.parse(text);
  return null;
}

/** IPv4-mapped IPv6 (::ffff:10.0.0.1, as dual-stack sockets report IPv4 peers) becomes IPv4. */
function unmapped(address: Address): Address {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
}

/**
 * One allowlist entry in its stored form: the network of a CIDR range (`203.0.113.0/24`,
 * `2001:db8::/32`), or null when the text is not one. A bare address is its own /32 or /128; host
 * bits are cleared (`10.1.2.3/8` is `10.0.0.0/8`); an IPv4-mapped IPv6 range of /96 or longer is
 * written as the IPv4 range it covers, which is how it is matched.
 */
export function canonicalRange(text: string): string | null {
  const [addressText, bitsText, extra] = text.split('/');
  if (extra !== undefined || addressText === undefined) return null;
  const parsed = strictAddress(addressText);
  if (!parsed) return null;
  const width = parsed.kind() === 'ipv4' ? 32 : 128;
  if (bitsText !== undefined && !/^\d{1,3}$/.test(bitsText)) return null;
  let bits = bitsText === undefined ? width : Number(bitsText);
  if (bits > width) return null;
  let address = parsed;
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
    address = unmapped(parsed);
    bits -= 96;
  }
  const network = address.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(`${address.toString()}/${bits}`) : ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${bits}`);
  return `${network.toString()}/${bits}`;
}

/** The allowlist of a key as given on create: 1 to 50 CIDR ranges, IPv4 or IPv6, stored canonical and without repeats. */
export const ipAllowlistInput = z
  .array(
    z
      .string()
      .max(64, { error: 'must be a CIDR range such as 203.0.113.0/24 or 2001:db8::/32' })
      .transform((text, context) => {
        const range = canonicalRange(text.trim());
        if (range === null) {
          context.addIssue({ code: 'custom', message: 'must be a CIDR range such as 203.0.113.0/24 or 2001:db8::/32' });
          return z.NEVER;
        }
        return range;
      }),
  )
  .min(1, { error: 'must list at least one range; leave it out to allow any address' })
  .max(MAX_ALLOWLIST_ENTRIES, { error: `at most ${MAX_ALLOWLIST_ENTRIES} ranges` })
  .transform((ranges) => [...new Set(ranges)]);

/**
 * Whether the client address falls in one of the key's ranges. An address that does not parse
 * (`unknown`, when no server stamped one) is in none: an allowlisted key fails closed. An IPv4
 * client matches IPv4 ranges whether its socket reported it plain or IPv4-mapped.
 */
export function addressAllowed(allowlist: readonly string[], clientAddress: string): boolean {
  const parsed = strictAddress(clientAddress.trim());
  if (!parsed) return false;
  const address = unmapped(parsed);
  const mapped = address.kind() === 'ipv4' ? (address as ipaddr.IPv4).toIPv4MappedAddress() : null;
  return allowlist.some((entry) => {
    let range: [Address, number];
    try {
      range = ipaddr.parseCIDR(entry);
    } catch {
      // Stored entries are canonical (canonicalRange); one that is not allows nothing.
      return false;
    }
    const [network, bits] = range;
    if (network.kind() === address.kind()) return address.match(network, bits);
    return mapped !== null && network.kind() === 'ipv6' && mapped.match(network, bits);
  });
}

/**
 * A stored range as the IPv6 range it is matched as: an IPv4 range is its IPv4-mapped range
 * (`10.0.0.0/8` is `::ffff:10.0.0.0/104`), since addressAllowed lets an IPv4 client through an
 * IPv6 range by its mapped form. In these terms a range allows exactly the addresses it covers.
 */
function asIpv6Range(range: string): [ipaddr.IPv6, number] | null {
  let parsed: [Address, number];
  try {
    parsed = ipaddr.parseCIDR(range);
  } catch {
    return null;
  }
  const [network, bits] = parsed;
  return network.kind() === 'ipv4' ? [(network as ipaddr.IPv4).toIPv4MappedAddress(), bits + 96] : [network as ipaddr.IPv6, bits];
}

/**
 * Whether every address `inner` allows, `outer` allows too: `inner` is as long a prefix or longer,
 * inside `outer`'s network. A range that does not parse is inside nothing and holds nothing.
 */
export function rangeWithin(inner: string, outer: string): boolean {
  const child = asIpv6Range(inner);
  const parent = asIpv6Range(outer);
  if (!child || !parent) return false;
  return child[1] >= parent[1] && child[0].match(parent[0], parent[1]);
}

/**
 * The positions of the ranges of `child` that lie inside no single range of `parent`: a key's
 * allowlist is within another's when this is empty. Each range must fit in one range, not in a
 * union of several (a /24 over two adjacent /25s is outside), which keeps the rule easy to state.
 */
export function rangesOutside(child: readonly string[], parent: readonly string[]): number[] {
  return child.flatMap((range, index) => (parent.some((outer) => rangeWithin(range, outer)) ? [] : [index]));
}
