import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * Compression of what the Node server hands to Next (pages, their RSC payloads, build assets):
 * Brotli when the client accepts it, else gzip (docs/performance.md, "The checkout page's
 * weight"). Next's own compression only speaks gzip, so next.config.mjs turns it off and this
 * layer takes its place. Brotli at quality 4: close to gzip's speed for pages rendered per
 * request, and smaller. Answers below 1 KB stay as they are, and so does anything marked
 * `Cache-Control: no-transform` (the live-status streams, which must not wait for a buffer).
 */
export function pageCompression(): (req: IncomingMessage, res: ServerResponse) => void {
  // The package's types name Express's request and response; it uses only what Node's have.
  const middleware = compression() as unknown as Middleware;
  return (req, res) => middleware(req, res, () => {});
}
