import { randomUUID } from 'node:crypto';
import { DomainError } from '../../../../server/errors';
import { errorResponse } from './responses';

/**
 * The REST adapter of /api/v1: one Web-standard function. `npm start` mounts it straight on the
 * Node server (decisions.md section 9) and the catch-all route handler exports it for `next dev`.
 * Routes are added here as the merchant API lands; anything unknown is a JSON 404, never HTML.
 */
export async function handleRestRequest(request: Request): Promise<Response> {
  const requestId = `req_${randomUUID().replaceAll('-', '')}`;
  try {
    const { pathname } = new URL(request.url);
    throw new DomainError('NOT_FOUND', `No route for ${request.method} ${pathname}.`);
  } catch (error) {
    if (!(error instanceof DomainError)) {
      console.error(JSON.stringify({ level: 'error', requestId, message: 'unhandled error', error: String(error) }));
    }
    return errorResponse(requestId, error);
  }
}
