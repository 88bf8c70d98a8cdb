import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which destinations a webhook may reach in production (docs/security.md, SSRF). Only public
 * unicast addresses pass: ipaddr.js names every special range (loopback, private, link-local and
 * cloud metadata, carrier-grade NAT, multicast, reserved, documentation...), and anything it does
 * not call 'unicast' is refused. Addresses are judged after ipaddr.process(), which unwraps
 * IPv4-mapped forms (`::ffff:7f00:1` is 127.0.0.1), and anything that does not parse is refused.
 *
 * IPv6 translation prefixes carry an IPv4 address inside them; a gateway on the path may deliver
 * to that IPv4 address, so it is unwrapped and named in the reason. NAT64, 6to4 and Teredo are not
 * 'unicast' in ipaddr.js and are refused whatever they embed; IPv4-compatible `::a.b.c.d`
 * (deprecated by RFC 4291, and 'unicast' to ipaddr.js) is refused too.
 */

/** Why an address is not a public destination, or null when it is one. */
export function forbiddenReason(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(hexTail(stripZone(address)));
  } catch {
    return 'not an IP address';
  }
  if (parsed.kind() === 'ipv4') {
    const range = parsed.range();
    return range === 'unicast' ? null : `${parsed.toString()} is ${range}`;
  }
  const v6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  const range = v6.range();
  if (embedded) {
    const inner = embedded.address.range();
    return `${v6.toString()} is ${embedded.kind} embedding ${embedded.address.toString()}${inner === 'unicast' ? '' : ` (${inner})`}`;
  }
  return range === 'unicast' ? null : `${v6.toString()} is ${range}`;
}

// A scoped address (fe80::1%eth0) is judged by its address; the zone changes nothing.
const stripZone = (address: string) => address.replace(/%.*$/, '');

/**
 * Writes an IPv6 address's dotted IPv4 tail in hex (`::127.0.0.1` becomes `::7f00:1`), as the URL
 * parser does. ipaddr.js reads any `::a.b.c.d` as IPv4-mapped, but without `ffff` it is the
 * IPv4-compatible address, and sockets report those in dotted form: it must be judged as what it is.
 */
function hexTail(address: string): string {
  const tail = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (!tail || !net.isIPv4(tail[2]!)) return address;
  const [a, b, c, d] = tail[2]!.split('.').map(Number) as [number, number, number, number];
  return `${tail[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const NAT64_LOCAL = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR('2002::/16');
const TEREDO = ipaddr.IPv6.parseCIDR('2001::/32');
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');

/**
 * The IPv4 address an IPv6 translation address stands for, if it is one: NAT64 (RFC 6052, last 32
 * bits; the local-use /48 of RFC 8215 is refused as a whole, so its last 32 bits are enough to
 * name it), 6to4 (RFC 3056, bits 16-48), Teredo (RFC 4380, the client's address is the last 32
 * bits inverted) and IPv4-compatible `::a.b.c.d` (except :: and ::1, which ipaddr.js names).
 */
function embeddedIPv4(address: ipaddr.IPv6): { kind: string; address: ipaddr.IPv4 } | null {
  const bytes = address.toByteArray();
  const v4 = (a: number, b: number, c: number, d: number) => new ipaddr.IPv4([a, b, c, d]);
  if (address.match(NAT64) || address.match(NAT64_LOCAL)) {
    return { kind: 'NAT64', address: v4(bytes[12]!, bytes[13]!, bytes[14]!, bytes[15]!) };
  }
  if (address.match(SIX_TO_FOUR)) return { kind: '6to4', address: v4(bytes[2]!, bytes[3]!, bytes[4]!, bytes[5]!) };
  if (address.match(TEREDO)) {
    return { kind: 'Teredo', address: v4(bytes[12]! ^ 0xff, bytes[13]! ^ 0xff, bytes[14]! ^ 0xff, bytes[15]! ^ 0xff) };
  }
  if (address.match(IPV4_COMPATIBLE) && address.range() === 'unicast') {
    return { kind: 'IPv4-compatible', address: v4(bytes[12]!, bytes[13]!, bytes[14]!, bytes[15]!) };
  }
  return null;
}
