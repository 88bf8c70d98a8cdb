import type { IncomingMessage } from 'node:http';
import ipaddr from 'ipaddr.js';
import { env } from '../../config/env';

/**
 * The client's address, as the sign-in throttling, the audit log and the operator claims see it
 * (docs/security.md). X-Forwarded-For is believed only as far as the hops that wrote it are our
 * own proxies (TRUST_PROXY); anything a client writes into it beyond that is ignored, so rotating
 * the header buys an attacker nothing.
 *
 * The custom server computes the address once per request from the socket and hands it on in
 * CLIENT_ADDRESS_HEADER, after deleting any copy the client sent; everything else reads only that
 * header (clientAddressOf).
 */
export const CLIENT_ADDRESS_HEADER = 'x-corridor-client-ip';

export type TrustedProxies = ReadonlyArray<[ipaddr.IPv4 | ipaddr.IPv6, number]>;

/** Parses TRUST_PROXY (`127.0.0.1,10.0.0.0/8,::1`); a bad entry stops the start with its name. */
export function parseTrustedProxies(text: string | undefined): TrustedProxies {
  if (!text) return [];
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      try {
        if (entry.includes('/')) {
          const [range, bits] = ipaddr.parseCIDR(entry);
          return [unmapped(range), range.kind() === 'ipv6' && unmapped(range).kind() === 'ipv4' ? bits - 96 : bits] as [ipaddr.IPv4 | ipaddr.IPv6, number];
        }
        const address = unmapped(strictParse(entry));
        return [address, address.kind() === 'ipv4' ? 32 : 128] as [ipaddr.IPv4 | ipaddr.IPv6, number];
      } catch {
        throw new Error(`TRUST_PROXY: "${entry}" is not an address or CIDR range`);
      }
    });
}

/** IPv4-mapped IPv6 (::ffff:10.0.0.1, as dual-stack sockets report IPv4 peers) becomes IPv4. */
function unmapped(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
}

/** Only the usual spellings: ipaddr.js alone would also read "1" or "0x7f.1" as IPv4. */
function strictParse(text: string): ipaddr.IPv4 | ipaddr.IPv6 {
  if (ipaddr.IPv4.isValidFourPartDecimal(text) || (text.includes(':') && ipaddr.IPv6.isValid(text))) return ipaddr.process(text);
  throw new Error('not an address');
}

/** A hop as proxies write it: bare, or with a port ("1.2.3.4:80", "[::1]:80"). Null when garbage. */
function parseHop(hop: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const text = hop.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(text);
  try {
    return strictParse(bracketed?.[1] ?? v4WithPort?.[1] ?? text);
  } catch {
    return null;
  }
}

function isTrusted(address: ipaddr.IPv4 | ipaddr.IPv6, trusted: TrustedProxies): boolean {
  return trusted.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
}

/**
 * The client address: start from the socket's peer and, while the current hop is a trusted
 * proxy, step to the address that proxy recorded (X-Forwarded-For, read right to left). Stops at
 * the first untrusted hop, which is the client; a garbled hop stops the walk at the last good one.
 */
export function clientAddressFrom(peer: string | undefined, forwardedFor: string | string[] | undefined, trusted: TrustedProxies): string {
  const start = peer ? parseHop(peer) : null;
  if (!start) return 'unknown';
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '')).split(',').filter((hop) => hop.trim() !== '');
  let current = start;
  while (isTrusted(current, trusted) && hops.length > 0) {
    const next = parseHop(hops.pop()!);
    if (!next) break;
    current = next;
  }
  return current.toString();
}

let trustedFromEnv: TrustedProxies | undefined;

/**
 * For the custom server's request listener, before anything else sees the request: replaces any
 * client-sent CLIENT_ADDRESS_HEADER with the address worked out from the socket. Both header
 * views are rewritten, since Next reads `headers` and the REST adapter `rawHeaders`.
 */
export function stampClientAddress(req: IncomingMessage, trusted: TrustedProxies = (trustedFromEnv ??= parseTrustedProxies(env().TRUST_PROXY))): string {
  const address = clientAddressFrom(req.socket.remoteAddress, req.headers['x-forwarded-for'], trusted);
  // From a peer that is not our proxy, the forwarded headers are the client's own inventions: a
  // forged X-Forwarded-Host or -Proto would steer the sign-in's redirects and the https checks.
  const peer = req.socket.remoteAddress ? parseHop(req.socket.remoteAddress) : null;
  const dropped = new Set([CLIENT_ADDRESS_HEADER, ...(peer && isTrusted(peer, trusted) ? [] : FORWARDED_HEADERS)]);
  const raw: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (!dropped.has(req.rawHeaders[i]!.toLowerCase())) raw.push(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  raw.push(CLIENT_ADDRESS_HEADER, address);
  req.rawHeaders = raw;
  for (const name of dropped) delete req.headers[name];
  req.headers[CLIENT_ADDRESS_HEADER] = address;
  return address;
}

/** The headers only a trusted proxy may set. */
const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded', 'x-real-ip'];

/**
 * The client address of a request that went through the custom server; 'unknown' without it
 * (e.g. under `next dev`), never a value the client chose.
 */
export function clientAddressOf(headers: Headers): string {
  return headers.get(CLIENT_ADDRESS_HEADER)?.trim() || 'unknown';
}
