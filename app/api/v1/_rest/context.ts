import type { Db } from '../../../../db/client';
import type { ApiPrincipal } from '../../../../server/api-keys/authenticate-api-request';

export interface RestContext {
  request: Request;
  requestId: string;
  url: URL;
  /** Path segments' values, e.g. { orderNo } for /withdrawals/:orderNo. */
  params: Record<string, string>;
  /** The raw body, exactly as sent (the signature covers these bytes). */
  body: Uint8Array;
  db: Db;
  now: Date;
  /** The verified API key's owner; none on a signed-url route, whose URL is checked by the route. */
  principal?: ApiPrincipal;
  /** The client's address as the server worked it out (server/http/client-address.ts), or 'unknown'. */
  clientAddress: string;
}

export interface RestResult {
  status: number;
  body: unknown;
  /** A streamed body instead of JSON (route-definition.ts, StreamedSpec). */
  stream?: { body: ReadableStream<Uint8Array>; contentType: string };
  headers?: Record<string, string>;
}

/** What one request leaves behind for the request log, the metrics and the connection (handler.ts). */
export interface Exchange {
  /** The request announced a body that has not been read to its end yet. */
  bodyPending: boolean;
  /** The matched route's template, for the request log and the metrics. */
  route: string;
  principal: { merchantId?: string; traderId?: string };
  /** Set once a merchant's key is verified: what the request log needs beyond the answer. */
  merchantCall?: { db: Db; merchantId: string; apiKeyId: string };
}

/**
 * The Hono environment of the REST app (app.ts): what the adapter hands in with each request
 * (`Bindings`), and what the admission middleware of a route (route-definition.ts) leaves for
 * its handler (`Variables`).
 */
export interface RestEnv {
  Bindings: {
    requestId: string;
    /** The path and query exactly as sent: the signature covers them. */
    rawPath: string;
    exchange: Exchange;
  };
  Variables: {
    context: RestContext;
    caller: Record<string, unknown>;
  };
}
