import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { ATTEMPT_ERROR, timedOut } from './attempt-error';
import { DELIVERY_TIMEOUT_MS } from './retry-schedule';
import { forbiddenLiteral, guardedLookup, judgePeer } from '../http/guarded-connection';
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
 * POSTs one webhook. The SSRF guard (server/http/guarded-connection.ts) judges the address actually
 * connected to: the literal, every address of the name at connect time, and the peer. Redirects are
 * not followed, and the whole exchange is bounded by the timeout.
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
  if (!options.allowPrivate) {
    const reason = forbiddenLiteral(target);
    if (reason) return refused(reason);
  }

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
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: options.allowPrivate ? undefined : guardedLookup, agent: false },
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
    if (!options.allowPrivate) judgePeer(request, target.hostname);
    const timer = setTimeout(() => {
      request.destroy();
      finish({ statusCode: null, excerpt: null, error: timedOut(timeoutMs), detail: null });
    }, timeoutMs);
    // A refused name, a name that does not resolve, a refused or reset connection: one reason.
    request.on('error', (error) => finish({ statusCode: null, excerpt: null, error: ATTEMPT_ERROR.couldNotConnect, detail: error.message }));
    request.end(body);
  });
}
