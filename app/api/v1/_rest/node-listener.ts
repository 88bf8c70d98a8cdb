import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { DomainError } from '../../../../server/errors';
import { log } from '../../../../server/logging/log';
import { handleRestRequest } from './handler';
import { newRequestId } from './request-id';
import { errorResponse } from './responses';

/**
 * The REST adapter as a Node request listener, for the custom server (scripts/serve.ts).
 * @hono/node-server turns the Node request into a Web Request; when it cannot (a bad Host header,
 * a backslash in the path) it would answer an empty 400 of its own, so that answer is replaced by
 * the contract's JSON error with a request id, and the connection is closed since the request's
 * framing is not trusted.
 */
export function restRequestListener(): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return getRequestListener(handleRestRequest, {
    // Keeps the global Request/Response that Next relies on.
    overrideGlobalObjects: false,
    errorHandler: (error) => {
      const requestId = newRequestId();
      log('info', 'malformed request', { requestId, reason: error instanceof Error ? error.message : 'unknown' });
      const response = errorResponse(requestId, new DomainError('MALFORMED_REQUEST', 'The request could not be read (its URL or Host header is malformed).'));
      response.headers.set('connection', 'close');
      return response;
    },
  });
}
