import { createRequire } from 'node:module';
import type { NextConfig } from 'next';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module without type declarations (its JSDoc names the type).
import loadedConfig from '../../next.config.mjs';

const nextConfig = loadedConfig as NextConfig;

// Next's own matcher for `source` patterns, so the test matches paths as the server will.
const { getPathMatch } = createRequire(import.meta.url)('next/dist/shared/lib/router/utils/path-match') as {
  getPathMatch: (source: string, options: { strict: boolean; removeUnnamedParams: boolean }) => (pathname: string) => object | false;
};

interface HeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}

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
