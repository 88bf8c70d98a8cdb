import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import type { NextConfig } from 'next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module without type declarations (its JSDoc names the type).
import loadedConfig from '../../next.config.mjs';
import { setProcessDatabase } from '../../db';
import { startHttpServer, startMetricsServer, type RunningServer } from '../../scripts/serve';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { freePort } from '../operations/spawn-corridor';
import { rawExchange } from './rest-http-server';

const nextConfig = loadedConfig as NextConfig;

// Next's own matcher for `source` patterns, so the test matches paths as the server will.
const { getPathMatch } = createRequire(import.meta.url)('next/dist/shared/lib/router/utils/path-match') as {
  getPathMatch: (source: string, options: { strict: boolean; removeUnnamedParams: boolean }) => (pathname: string) => object | false;
};

interface HeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}

/*
 * Attack: a page elsewhere frames Corridor, a browser sniffs an answer as HTML, or a checkout URL
 * (a bearer token in the path) leaks through Referer, on a path whose answer lacks the headers that
 * forbid it. Rule: every response carries X-Content-Type-Options nosniff, X-Frame-Options DENY and
 * Referrer-Policy no-referrer: Next's answers through next.config.mjs, and every answer of the Node
 * server (the probes, /metrics, the REST API, whatever goes to Next, its redirects included) from
 * the server itself, before any handler writes (server/http/security-headers.ts).
 */

/** The headers next.config.mjs gives a path, as Next applies them: every matching rule, in order. */
async function headersFor(pathname: string): Promise<Record<string, string>> {
  const rules = (await nextConfig.headers!()) as HeaderRule[];
  const merged: Record<string, string> = {};
  for (const rule of rules) {
    if (!getPathMatch(rule.source, { strict: true, removeUnnamedParams: true })(pathname)) continue;
    for (const { key, value } of rule.headers) merged[key.toLowerCase()] = value;
  }
  return merged;
}

describe('a page elsewhere frames Corridor, or a browser sniffs a static file as HTML, on paths the per-page proxy never sees (Next 404s, build assets, the favicon); every Next response carries nosniff, a framing ban and a referrer policy', () => {
  const paths = ['/', '/sign-in', '/no-such-page', '/_next/static/chunks/app.js', '/_next/static/no-such-asset.js', '/_next/image', '/favicon.ico'];

  for (const path of paths) {
    it(`${path}: nosniff, X-Frame-Options DENY, Referrer-Policy no-referrer`, async () => {
      expect(await headersFor(path)).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
      });
    });
  }

  it("the paths proxy.ts skips also get a policy with frame-ancestors 'none'; pages keep the proxy's own policy, not a second one", async () => {
    for (const path of ['/_next/static/chunks/app.js', '/_next/image', '/favicon.ico']) {
      expect((await headersFor(path))['content-security-policy'], path).toContain("frame-ancestors 'none'");
    }
    for (const path of ['/', '/sign-in', '/no-such-page']) {
      expect((await headersFor(path))['content-security-policy'], path).toBeUndefined();
    }
  });
});

const expected = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer' };
const threeOf = (headers: Headers | Record<string, string>) => {
  const get = (name: string) => (headers instanceof Headers ? headers.get(name) : headers[name]) ?? null;
  return { 'x-content-type-options': get('x-content-type-options'), 'x-frame-options': get('x-frame-options'), 'referrer-policy': get('referrer-policy') };
};

describe("the Node server's own answers (probes, /metrics, the REST API, what goes to Next) carry the same three headers", () => {
  let database: TestDatabase;
  let running: RunningServer;
  let metrics: Server;
  let metricsUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    setProcessDatabase(database);
    // An API node (no pages, so no build): the same server `npm start` runs, on free ports.
    running = await startHttpServer({ port: await freePort(), host: '127.0.0.1', dir: process.cwd(), pages: false });
    const metricsPort = await freePort();
    metrics = await startMetricsServer({ port: metricsPort, host: '127.0.0.1' });
    metricsUrl = `http://127.0.0.1:${metricsPort}`;
  });
  afterAll(async () => {
    await running.close(1_000);
    await new Promise((resolve) => metrics.close(resolve));
    await database.close();
  });

  const paths = [
    ['GET', '/healthz'],
    ['GET', '/readyz'],
    ['POST', '/readyz'],
    ['GET', '/metrics'],
    ['GET', '/api/v1'],
    ['GET', '/api/v1/orders'],
    ['POST', '/api/v1/payouts'],
    ['GET', '/api/v1/no-such-route'],
    // Whatever the server hands to Next: here the API node's answer; on a node with pages, Next's
    // pages, 404s and redirects (a trailing-slash 308, a page's redirect to sign-in) alike.
    ['GET', '/merchant/'],
    ['GET', '/pay/some-token'],
  ] as const;

  for (const [method, path] of paths) {
    it(`${method} ${path}: nosniff, X-Frame-Options DENY, Referrer-Policy no-referrer`, async () => {
      const response = await fetch(`${running.url}${path}`, { method, redirect: 'manual' });
      await response.arrayBuffer();
      expect(threeOf(response.headers)).toEqual(expected);
    });
  }

  it('the metrics port (METRICS_PORT) answers with them too', async () => {
    for (const path of ['/metrics', '/healthz', '/readyz', '/elsewhere']) {
      const response = await fetch(`${metricsUrl}${path}`);
      await response.arrayBuffer();
      expect(threeOf(response.headers), path).toEqual(expected);
    }
  });

  it('a request Node cannot parse gets its JSON error with them', async () => {
    const port = Number(new URL(running.url).port);
    const exchange = await rawExchange(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n', new Uint8Array(0), 5_000);
    expect(exchange.status).toBe(400);
    expect(threeOf(exchange.headers)).toEqual(expected);
  });
});
