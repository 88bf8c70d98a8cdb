import type { IncomingMessage, ServerResponse } from 'node:http';
import { getDatabase } from '../../db';
import { decodedSegment } from '../_components/decoded-segment';
import { CLIENT_ADDRESS_HEADER } from '../../server/http/client-address';
import { log } from '../../server/logging/log';
import { MAX_STREAM_MS } from '../pay/[token]/events/checkout-events-response';
import { EventStreamRegistry, type StreamLimits } from './event-stream-registry';
import { ANONYMOUS_PAGE_BODY_BYTES, announcesBody, declaredLength, pageBodyVerdict, tooLarge, type PageRefusal } from './page-body-rules';
import { lingerAfterAnswer } from './lingering-close';
import { capStreamedBody } from './streamed-body-cap';

/**
 * Bodies over 64 KiB being received at once by one process, across all page routes: each may hold
 * up to 16 MB while Next reads it, so this bounds that memory at about 128 MB. More get 503.
 */
const LARGE_PAGE_BODIES_IN_FLIGHT = 8;
/** A checkout stream still open this long after the route should have ended it is cut. */
const STREAM_LIFETIME_MS = MAX_STREAM_MS + 30_000;

const CHECKOUT_EVENTS = /^\/pay\/([^/]+)\/events$/;

export interface PageGate {
  /**
   * Runs before Next sees a request. True: hand the request on. False: the gate has answered it
   * (with `Connection: close`, the body unread).
   */
  admit(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Checkout streams open now. */
  openStreams(): number;
}

/**
 * The custom server's check of page requests (docs/security.md, "Bodies on pages"): Next buffers
 * a request's whole body (up to 16 MB, for proxy.ts) before any route or action runs, so whatever
 * the route would refuse must be refused here, from the headers alone, before Next reads a byte.
 * It also counts the checkout's event streams and refuses those over their caps.
 */
export function pageRequestGate(options: { streams?: StreamLimits; largeBodies?: number } = {}): PageGate {
  const streams = new EventStreamRegistry(options.streams);
  const largeBodyCap = options.largeBodies ?? LARGE_PAGE_BODIES_IN_FLIGHT;
  let largeBodies = 0;

  function admitStream(req: IncomingMessage, res: ServerResponse, token: string): boolean {
    const address = String(req.headers[CLIENT_ADDRESS_HEADER] ?? 'unknown');
    const release = streams.open(token, address);
    if (!release) {
      refuse(res, { status: 429, code: 'TOO_MANY_STREAMS', message: 'Too many live-status streams are open for this checkout or from this address; the page polls instead.' }, 30);
      return false;
    }
    const cut = setTimeout(() => res.destroy(), STREAM_LIFETIME_MS);
    cut.unref();
    res.once('close', () => {
      clearTimeout(cut);
      release();
    });
    return true;
  }

  async function admitBody(req: IncomingMessage, res: ServerResponse, method: string, path: string): Promise<boolean> {
    const { db } = await getDatabase();
    const verdict = await pageBodyVerdict(db, { method, path, headers: req.headers });
    if ('refusal' in verdict) {
      refuse(res, verdict.refusal);
      return false;
    }
    const declared = declaredLength(req.headers);
    if (verdict.limit > ANONYMOUS_PAGE_BODY_BYTES && (declared === null || declared > ANONYMOUS_PAGE_BODY_BYTES)) {
      if (largeBodies >= largeBodyCap) {
        refuse(res, { status: 503, code: 'SERVER_BUSY', message: 'Too many uploads are arriving at once; try again in a moment.' }, 5);
        return false;
      }
      largeBodies += 1;
      res.once('close', () => (largeBodies -= 1));
    }
    if (declared === null) {
      capStreamedBody(req, verdict.limit, () => {
        if (res.headersSent) res.destroy();
        // Answered like any refusal: half-closed and lingering, so the uploader reads the 413 before the close.
        else refuse(res, tooLarge(verdict.limit, verdict.limit > ANONYMOUS_PAGE_BODY_BYTES));
      });
    }
    return true;
  }

  return {
    openStreams: () => streams.size(),
    async admit(req, res) {
      const method = req.method ?? 'GET';
      const path = (req.url ?? '/').split('?')[0]!;
      try {
        const events = method === 'GET' || method === 'HEAD' ? CHECKOUT_EVENTS.exec(path) : null;
        // Counted under the decoded token, so spellings of one link (%41 for A) share its cap.
        if (events) return admitStream(req, res, decodedSegment(events[1]!));
        if (!announcesBody(req.headers)) return true;
        return await admitBody(req, res, method, path);
      } catch (error) {
        // The database is unreachable, say: nothing of the body was read, and nothing is handed on.
        log('error', 'page request check failed', { error });
        refuse(res, { status: 503, code: 'SERVER_BUSY', message: 'The server cannot check this request now; try again in a moment.' }, 5);
        return false;
      }
    },
  };
}

/**
 * The gate's answer: the pages' JSON error (in tRPC's shape under /api/trpc, so its client shows
 * the message) with the headers every response carries, and `Connection: close`, since the body
 * is left unread on the connection.
 */
function refuse(res: ServerResponse, refusal: PageRefusal, retryAfterSeconds?: number, then?: () => void): void {
  const trpc = (res.req.url ?? '').startsWith('/api/trpc/');
  const body = trpc
    ? { error: { message: refusal.message, code: -32600, data: { code: refusal.code, httpStatus: refusal.status, details: [], meta: {} } } }
    : { error: { code: refusal.code, message: refusal.message } };
  const text = JSON.stringify(body);
  res.writeHead(refusal.status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    connection: 'close',
    ...(retryAfterSeconds ? { 'retry-after': String(retryAfterSeconds) } : {}),
  });
  if (!then) lingerAfterAnswer(res);
  res.end(text, then);
}
