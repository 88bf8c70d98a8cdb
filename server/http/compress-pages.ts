import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import compression from 'compression';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

const brotliBest = promisify(brotliCompress);

/** Build assets kept compressed at most: Next's build is a few megabytes before compression. */
const CACHE_LIMIT_BYTES = 32 * 1024 * 1024;
/** Headers of the stored answer that belong to one response, not to the file. */
const PER_RESPONSE_HEADERS = new Set(['content-length', 'content-encoding', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'set-cookie']);

interface StoredAsset {
  headers: Record<string, string | string[] | number>;
  body: Buffer;
}

/** True when the client takes Brotli (`br`, not refused with `q=0`). */
export function acceptsBrotli(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(',').some((part) => {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (coding !== 'br') return false;
    const q = params.find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** A build asset (named by its content hash) that this request may be answered with from memory. */
function cacheableRequest(req: IncomingMessage): boolean {
  return (
    req.method === 'GET' &&
    (req.url ?? '').startsWith('/_next/static/') &&
    acceptsBrotli(req.headers['accept-encoding']) &&
    req.headers.range === undefined &&
    req.headers['if-none-match'] === undefined &&
    req.headers['if-modified-since'] === undefined
  );
}

/**
 * Compression of what the Node server hands to Next (pages, their RSC payloads, build assets):
 * Brotli when the client accepts it, else gzip (docs/architecture.md, "Serving"). Next's own
 * compression only speaks gzip, so next.config.mjs turns it off and this layer takes its place.
 * Pages are rendered per request, so they get Brotli at quality 4, about gzip's speed. Build
 * assets never change under their name (`Cache-Control: immutable`): the first answer of each is
 * compressed once more in the background at Brotli's best (quality 11, about 14% smaller than
 * quality 4 for the checkout's scripts, and far too slow per request) and later requests get that
 * copy from memory. Answers below 1 KB stay as they are, and so does anything marked
 * `Cache-Control: no-transform` (the live-status streams, which must not wait for a buffer).
 *
 * The returned function is called first for every page request: true when it has answered
 * (a stored asset), false when the request goes on to Next with compression set up.
 */
export function pageCompression(): (req: IncomingMessage, res: ServerResponse) => boolean {
  // The package's types name Express's request and response; it uses only what Node's have.
  const middleware = compression() as unknown as Middleware;
  const assets = new Map<string, StoredAsset>();
  const compressing = new Set<string>();
  let storedBytes = 0;

  function store(url: string, headers: StoredAsset['headers'], raw: Buffer) {
    if (assets.has(url) || compressing.has(url)) return;
    compressing.add(url);
    brotliBest(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
      .then((body) => {
        if (storedBytes + body.length > CACHE_LIMIT_BYTES) return;
        assets.set(url, { headers, body });
        storedBytes += body.length;
      })
      // Not stored: the next request is compressed on the fly, as this one was.
      .catch(() => {})
      .finally(() => compressing.delete(url));
  }

  /** Keeps a copy of what Next writes (uncompressed: this wrapper sits outside the compressor). */
  function capture(url: string, res: ServerResponse) {
    const chunks: Buffer[] = [];
    let size = 0;
    let keep = true;
    const take = (chunk: unknown, encoding?: unknown) => {
      if (!keep || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buffer = Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size > CACHE_LIMIT_BYTES) keep = false;
      else chunks.push(buffer);
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      take(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse['write'];
    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      take(chunk, rest[0]);
      const immutable = String(res.getHeader('cache-control') ?? '').includes('immutable');
      if (keep && res.statusCode === 200 && immutable && res.getHeader('content-encoding') === 'br') {
        const headers: StoredAsset['headers'] = {};
        for (const [name, value] of Object.entries(res.getHeaders())) {
          if (value !== undefined && !PER_RESPONSE_HEADERS.has(name)) headers[name] = value;
        }
        store(url, headers, Buffer.concat(chunks));
      }
      return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as ServerResponse['end'];
  }

  return (req, res) => {
    const url = req.url ?? '';
    const cacheable = cacheableRequest(req);
    const stored = cacheable ? assets.get(url) : undefined;
    if (stored) {
      res.writeHead(200, { ...stored.headers, 'content-encoding': 'br', 'content-length': stored.body.length });
      res.end(stored.body);
      return true;
    }
    middleware(req, res, () => {});
    if (cacheable && !compressing.has(url)) capture(url, res);
    return false;
  };
}
