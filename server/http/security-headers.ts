import type { ServerResponse } from 'node:http';

/**
 * The headers every response of the Node server carries, whoever answers (docs/security.md, "The
 * API's perimeter"): the probes and /metrics, the REST API, Next's pages, its 404s and its
 * redirects (a trailing-slash 308 or a page's redirect is written before next.config.mjs's own
 * header rules apply). A checkout link carries its token in the path, so no answer may leak it
 * through Referer. next.config.mjs states the same three for `next dev`, which has no custom server.
 */
const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
} as const;

/** Set before a handler writes: a handler's own value for one of them (the same, in practice) wins. */
export function setSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
}
