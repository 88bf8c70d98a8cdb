import { DomainError, httpStatusOf } from '../../../../server/errors';

/** Headers every REST response carries (docs/api.md, "Base URL and versioning"; docs/security.md, "The API's perimeter"). */
function baseHeaders(requestId: string): Headers {
  return new Headers({
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'x-request-id': requestId,
  });
}

export function jsonResponse(requestId: string, status: number, body: unknown, extra?: Record<string, string>): Response {
  const headers = baseHeaders(requestId);
  for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
  return new Response(JSON.stringify(body), { status, headers });
}

/**
 * A success body of raw bytes (a proof image) rather than JSON: a route returns one, and the
 * adapter answers it with its own type, never cached, shown inline and never sniffed as another type.
 */
export class BinaryBody {
  constructor(
    readonly contentType: string,
    readonly data: Uint8Array,
  ) {}
}

export function binaryResponse(requestId: string, status: number, body: BinaryBody, extra?: Record<string, string>): Response {
  const headers = baseHeaders(requestId);
  headers.set('content-type', body.contentType);
  // Cached by no one: a browser's cache would outlive the link's expiry (docs/api.md).
  headers.set('cache-control', 'private, no-store');
  headers.set('content-disposition', 'inline');
  for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
  return new Response(body.data as Uint8Array<ArrayBuffer>, { status, headers });
}

/**
 * A body streamed as the client reads it (a CSV export): the same headers as JSON but its own
 * content type. The request is logged when this answer starts, not when the stream ends.
 */
export function streamResponse(requestId: string, status: number, stream: { body: ReadableStream<Uint8Array>; contentType: string }, extra?: Record<string, string>): Response {
  const headers = baseHeaders(requestId);
  headers.set('content-type', stream.contentType);
  for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
  return new Response(stream.body, { status, headers });
}

/**
 * The error body of docs/errors.md. Anything that is not a DomainError is a bug: it is
 * answered as INTERNAL_ERROR with no detail, and the caller logs it with the request id.
 */
export function errorResponse(requestId: string, error: unknown): Response {
  if (error instanceof DomainError) {
    const body = {
      error: {
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
        ...(error.meta ?? {}),
        requestId,
      },
    };
    return jsonResponse(requestId, httpStatusOf(error.code), body);
  }
  return jsonResponse(requestId, 500, {
    error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side.', requestId },
  });
}
