import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { DELIVERY_TIMEOUT_MS } from './retry-schedule';
import { isPrivateAddress } from './private-address';

export interface SendResult {
  statusCode: number | null;
  latencyMs: number;
  /** The first 1 KiB of the response body. */
  excerpt: string | null;
  error: string | null;
}

export interface SendOptions {
  /** Allow loopback and private destinations (local development and tests). */
  allowPrivate: boolean;
  timeoutMs?: number;
}

const EXCERPT_BYTES = 1024;

/**
 * POSTs one webhook. The SSRF guard checks every address the host resolves to at connect time
 * (so DNS cannot swap in a private address after a check), redirects are not followed, and the
 * whole exchange is bounded by the timeout.
 */
export function sendWebhook(url: string, headers: Record<string, string>, body: string, options: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const done = (partial: Omit<SendResult, 'latencyMs'>): SendResult => ({ ...partial, latencyMs: Math.round(performance.now() - started) });

  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(done({ statusCode: null, excerpt: null, error: 'not a valid URL' }));
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return Promise.resolve(done({ statusCode: null, excerpt: null, error: 'only http and https URLs are allowed' }));
  }
  const literal = target.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(literal) && !options.allowPrivate && isPrivateAddress(literal)) {
    return Promise.resolve(done({ statusCode: null, excerpt: null, error: `destination ${literal} is a private address` }));
  }

  const lookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
    dns.lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as dns.LookupAddress[];
      const blocked = options.allowPrivate ? undefined : list.find((entry) => isPrivateAddress(entry.address));
      if (blocked) return callback(new Error(`destination ${hostname} resolves to private address ${blocked.address}`), '', 4);
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
          const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
          const redirect = statusCode !== null && statusCode >= 300 && statusCode < 400;
          finish({ statusCode, excerpt, error: redirect ? `redirect to ${response.headers.location ?? '?'} not followed` : null });
        });
        response.on('error', (error) => finish({ statusCode: response.statusCode ?? null, excerpt: null, error: error.message }));
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish({ statusCode: null, excerpt: null, error: `timed out after ${timeoutMs} ms` });
    }, timeoutMs);
    request.on('error', (error) => finish({ statusCode: null, excerpt: null, error: error.message }));
    request.end(body);
  });
}
