import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { ATTEMPT_ERROR, timedOut } from './attempt-error';
import { DELIVERY_TIMEOUT_MS } from './retry-schedule';
import { forbiddenReason } from '../http/private-address';
import { cleanHeader, EXCERPT_BYTES, excerptOf } from './reply-excerpt';

export interface SendResult {
  statusCode: number | null;
  latencyMs: number;
  /** At most EXCERPT_BYTES of the reply, cleaned (reply-excerpt.ts); null when nothing answered. */
  excerpt: string | null;
  /** What the merchant's delivery log shows: one of the fixed reasons of attempt-error.ts. */
  error: string | null;
  /** Why, in the words of the guard or the network (names, addresses, errno): the server's log only. */
  detail: string | null;
}

export interface SendOptions {
  /** Allow loopback and private destinations (local development and tests). */
  allowPrivate: boolean;
  timeoutMs?: number;
}

/**
 * POSTs one webhook. The SSRF guard (docs/security.md) judges the address actually connected to,
 * three times over: an IP literal once the URL parser has normalised it (Node does no lookup for
 * literals, and `0x7f.1` or `[::ffff:127.0.0.1]` only show their real address after parsing), every
 * address a name resolves to at connect time (so DNS cannot swap in a private address after a
 * check), and the socket's peer address once connected, before a byte is sent. Redirects are not
 * followed, and the whole exchange is bounded by the timeout.
 */
export function sendWebhook(url: string, headers: Record<string, string>, body: string, options: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const done = (partial: Omit<SendResult, 'latencyMs'>): SendResult => ({ ...partial, latencyMs: Math.round(performance.now() - started) });
  const refused = (detail: string) => Promise.resolve(done({ statusCode: null, excerpt: null, error: ATTEMPT_ERROR.notAllowed, detail }));

  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return refused('not a valid URL');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return refused('only http and https URLs are allowed');
  const literal = target.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(literal) && !options.allowPrivate) {
    const reason = forbiddenReason(literal);
    if (reason) return refused(`destination ${literal} is a private address (${reason})`);
  }

  const lookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
    dns.lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as dns.LookupAddress[];
      if (list.length === 0) return callback(new Error(`destination ${hostname} has no address`), '', 4);
      if (!options.allowPrivate) {
        for (const entry of list) {
          const reason = forbiddenReason(entry.address);
          if (reason) return callback(new Error(`destination ${hostname} resolves to a private address (${reason})`), '', 4);
        }
      }
      if (lookupOptions.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };

  return new Promise((resolve) => {
    const client = target.protocol === 'https:' ? https : http;
    const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    let settled = false;
    const finish = (result: Omit<SendResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(result));
    };
    const request = client.request(
      target,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => {
          const statusCode = response.statusCode ?? null;
          const redirect = statusCode !== null && statusCode >= 300 && statusCode < 400;
          const location = cleanHeader(response.headers.location ?? '?');
          // The merchant's own server answered: nothing to add for the operators' log.
          finish({ statusCode, excerpt: excerptOf(Buffer.concat(chunks)), error: redirect ? `redirect to ${location} not followed` : null, detail: null });
        });
        response.on('error', (error) =>
          finish({ statusCode: response.statusCode ?? null, excerpt: null, error: ATTEMPT_ERROR.connectionLost, detail: error.message }),
        );
      },
    );
    if (!options.allowPrivate) {
      // The last word: whatever the literal and the lookup said, the peer is what counts. This
      // listener is attached before the request writes, so it runs before any byte leaves.
      request.once('socket', (socket: net.Socket) => {
        const judge = () => {
          const peer = socket.remoteAddress;
          const reason = peer === undefined ? 'no peer address' : forbiddenReason(peer);
          if (reason) socket.destroy(new Error(`destination ${target.hostname} connected to a private address (${reason})`));
        };
        if (socket.connecting) socket.prependOnceListener('connect', judge);
        else judge();
      });
    }
    const timer = setTimeout(() => {
      request.destroy();
      finish({ statusCode: null, excerpt: null, error: timedOut(timeoutMs), detail: null });
    }, timeoutMs);
    // A refused name, a name that does not resolve, a refused or reset connection: one reason.
    request.on('error', (error) => finish({ statusCode: null, excerpt: null, error: ATTEMPT_ERROR.couldNotConnect, detail: error.message }));
    request.end(body);
  });
}
