import type { Db } from '../../../../db/client';
import type { ApiPrincipal } from '../../../../server/auth/authenticate-api-request';

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
  principal: ApiPrincipal;
}

export interface RestResult {
  status: number;
  body: unknown;
  /** A streamed body instead of JSON (route-definition.ts, StreamedSpec). */
  stream?: { body: ReadableStream<Uint8Array>; contentType: string };
  headers?: Record<string, string>;
}
