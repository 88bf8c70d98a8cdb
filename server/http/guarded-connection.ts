import dns from 'node:dns';
import type { ClientRequest } from 'node:http';
import net from 'node:net';
import { forbiddenReason } from './private-address';

/**
 * The SSRF guard for an outgoing request to an address someone else chose (a merchant's webhook,
 * a browser's push service: docs/security.md). It judges the address actually connected to, three
 * times over: an IP literal once the URL parser has normalised it (Node does no lookup for literals,
 * and `0x7f.1` or `[::ffff:127.0.0.1]` only show their real address after parsing), every address a
 * name resolves to at connect time (so DNS cannot swap in a private address after a check), and the
 * socket's peer address once connected, before a byte is sent.
 */

/** Why the URL's host, if an IP literal, may not be reached; undefined for a name or a public address. */
export function forbiddenLiteral(target: URL): string | undefined {
  const literal = target.hostname.replace(/^\[|\]$/g, '');
  if (!net.isIP(literal)) return undefined;
  const reason = forbiddenReason(literal);
  return reason ? `destination ${literal} is a private address (${reason})` : undefined;
}

/** A `lookup` for http(s).request that refuses a name resolving to any private address. */
export const guardedLookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
  dns.lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const list = addresses as dns.LookupAddress[];
    if (list.length === 0) return callback(new Error(`destination ${hostname} has no address`), '', 4);
    for (const entry of list) {
      const reason = forbiddenReason(entry.address);
      if (reason) return callback(new Error(`destination ${hostname} resolves to a private address (${reason})`), '', 4);
    }
    if (lookupOptions.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    const first = list[0]!;
    callback(null, first.address, first.family);
  });
};

/**
 * The last word: whatever the literal and the lookup said, the peer is what counts. Call it before
 * the request writes, so it runs before any byte leaves.
 */
export function judgePeer(request: ClientRequest, hostname: string): void {
  request.once('socket', (socket: net.Socket) => {
    const judge = () => {
      const peer = socket.remoteAddress;
      const reason = peer === undefined ? 'no peer address' : forbiddenReason(peer);
      if (reason) socket.destroy(new Error(`destination ${hostname} connected to a private address (${reason})`));
    };
    if (socket.connecting) socket.prependOnceListener('connect', judge);
    else judge();
  });
}
