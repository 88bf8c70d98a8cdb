import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { httpStatusOf, type ErrorCode } from '../../../../server/errors';
import { log } from '../../../../server/logging/log';
import { newRequestId } from './request-id';

/** Node's error codes for requests it refuses before any listener sees them. */
const codeOf = (nodeCode: string | undefined): ErrorCode => {
  if (nodeCode === 'HPE_HEADER_OVERFLOW') return 'HEADERS_TOO_LARGE';
  if (nodeCode === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  return 'MALFORMED_REQUEST';
};

const messages: Record<string, string> = {
  HEADERS_TOO_LARGE: 'The request headers are too large.',
  REQUEST_TIMEOUT: 'The request took too long to arrive.',
  MALFORMED_REQUEST: 'The request could not be parsed as HTTP/1.1.',
};

/**
 * Requests Node's parser refuses (a Content-Length beside Transfer-Encoding, headers that are too
 * large, a slow client past headersTimeout or requestTimeout) get the contract's JSON error with
 * a request id instead of Node's bare status line, then the connection is closed, since the
 * request's framing cannot be trusted (docs/errors.md).
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // As Node does: answer only if no response is under way on this connection, else just close.
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const code = codeOf(error.code);
    const requestId = newRequestId();
    log('info', 'refused request', { requestId, code, reason: error.code });
    socket.end(rawErrorResponse(code, messages[code] ?? 'The request was refused.', requestId));
    // Whatever the client still sends is not read: the socket goes once the answer is flushed.
    socket.once('finish', () => socket.destroy());
    // A client that reads nothing never lets the answer flush; it is cut off all the same.
    setTimeout(() => socket.destroy(), 5_000).unref();
  });
}

/** The whole HTTP/1.1 answer as bytes, written straight to the socket. */
function rawErrorResponse(code: ErrorCode, message: string, requestId: string): string {
  const status = httpStatusOf(code);
  const body = JSON.stringify({ error: { code, message, requestId } });
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'cache-control: no-store',
    'x-content-type-options: nosniff',
    'x-frame-options: DENY',
    'referrer-policy: no-referrer',
    `x-request-id: ${requestId}`,
    'connection: close',
    '',
    body,
  ].join('\r\n');
}
