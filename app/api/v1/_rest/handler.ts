import { randomUUID } from 'node:crypto';
import { getDatabase } from '../../../../db';
import { authenticateApiRequest } from '../../../../server/auth/authenticate-api-request';
import { DomainError, isDomainError } from '../../../../server/errors';
import { log } from '../../../../server/logging/log';
import { takeToken } from '../../../../server/rate-limit/token-bucket';
import type { RestContext } from './context';
import { openApiResponse } from './openapi';
import { readBody } from './read-request';
import { errorResponse, jsonResponse } from './responses';
import { bodyLimitOf, matchRoute } from './routes';

/** What the Node server passes along (@hono/node-server's bindings): the raw request line's URL. */
export interface NodeBindings {
  incoming?: { url?: string };
}

/**
 * The REST adapter of /api/v1: one Web-standard function. `npm start` mounts it straight on the
 * Node server (decisions.md section 9) and the catch-all route handler exports it for `next dev`.
 * It reads, authenticates, rate-limits and routes; the domain does the rest.
 */
export async function handleRestRequest(request: Request, bindings?: NodeBindings | unknown): Promise<Response> {
  const started = performance.now();
  const requestId = `req_${randomUUID().replaceAll('-', '')}`;
  const url = new URL(request.url);
  let merchantId: string | undefined;
  let response: Response;
  try {
    // Signatures cover the path and query exactly as sent; URL parsing may normalise them, so the
    // raw request line is used when the Node server provides it.
    const rawPath = (bindings as NodeBindings | undefined)?.incoming?.url ?? url.pathname + url.search;
    response = await route(request, url, rawPath, requestId, (id) => {
      merchantId = id;
    });
  } catch (error) {
    if (!isDomainError(error)) {
      log('error', 'unhandled error', { requestId, method: request.method, path: url.pathname, error: describe(error) });
    }
    response = errorResponse(requestId, error);
  }
  log('info', 'request', {
    requestId,
    method: request.method,
    path: url.pathname,
    status: response.status,
    ms: Math.round(performance.now() - started),
    merchantId,
  });
  return response;
}

async function route(
  request: Request,
  url: URL,
  rawPath: string,
  requestId: string,
  identify: (merchantId: string) => void,
): Promise<Response> {
  const segments = url.pathname.replace(/^\/api\/v1\/?/, '').split('/').map(decodeSegment);
  if (request.method === 'GET' && segments.join('/') === 'openapi.json') return openApiResponse(requestId);

  const match = matchRoute(request.method, segments);
  if (!match.route) {
    if (match.allowed.length > 0) {
      const error = new DomainError('METHOD_NOT_ALLOWED', `${request.method} is not allowed here; use ${match.allowed.join(' or ')}.`);
      const response = errorResponse(requestId, error);
      response.headers.set('allow', match.allowed.join(', '));
      return response;
    }
    throw new DomainError('NOT_FOUND', `No route for ${request.method} ${url.pathname}.`);
  }

  const body = await readBody(request, bodyLimitOf(match.route));
  const { db } = await getDatabase();
  const now = new Date();
  const principal = await authenticateApiRequest(db, {
    method: request.method,
    pathAndQuery: rawPath,
    apiKey: request.headers.get('x-api-key'),
    timestamp: request.headers.get('x-timestamp'),
    nonce: request.headers.get('x-nonce'),
    signature: request.headers.get('x-signature'),
    body,
    now,
  });
  if (principal.kind === 'merchant') {
    identify(principal.merchant.id);
    const decision = takeToken(principal.apiKeyId, principal.merchant.rateLimitPerSecond, principal.merchant.rateLimitBurst);
    if (!decision.allowed) {
      const response = errorResponse(requestId, new DomainError('RATE_LIMITED', 'Too many requests for this API key; slow down.'));
      response.headers.set('retry-after', String(decision.retryAfterSeconds));
      return response;
    }
  }

  const context: RestContext = { request, requestId, url, params: match.params, body, db, now, principal };
  const result = await match.route.handler(context);
  return jsonResponse(requestId, result.status, result.body, result.headers);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new DomainError('NOT_FOUND', 'The path is not valid.');
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
