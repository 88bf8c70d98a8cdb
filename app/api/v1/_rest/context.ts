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
