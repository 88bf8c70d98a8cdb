import { apiRequestRecorder } from '../../../../server/api-request-log/api-request-recorder';
import { asDatabaseUnavailable, isDomainError } from '../../../../server/errors';
import { log } from '../../../../server/logging/log';
import { observeRequest } from '../../../../server/metrics/http-metrics';
import { restApp, unrouted } from './app';
import type { Exchange } from './context';
import { announcesBody } from './read-request';
import { newRequestId } from './request-id';
import { errorResponse } from './responses';

/** What the Node server passes along (@hono/node-server's bindings): the raw request line's URL. */
export interface NodeBindings {
  incoming?: { url?: string };
}

/**
 * The REST adapter of /api/v1: one Web-standard function. `npm start` mounts it straight on the
 * Node server (docs/architecture.md) and the catch-all route handler exports it for `next dev`.
 * The OpenAPIHono app (app.ts) routes, admits and validates; around it, this answers every error
 * from the one error table and writes the request log and the metrics; the domain does the rest.
 */
export async function handleRestRequest(request: Request, bindings?: NodeBindings | unknown): Promise<Response> {
  const started = performance.now();
  const requestId = newRequestId();
  const url = new URL(request.url);
  let response: Response;
  const exchange: Exchange = { bodyPending: announcesBody(request), route: 'unmatched', principal: {} };
  try {
    // Signatures cover the path and query exactly as sent; URL parsing may normalise them, so the
    // raw request line is used when the Node server provides it.
    const rawPath = (bindings as NodeBindings | undefined)?.incoming?.url ?? url.pathname + url.search;
    // HEAD is not an API method; the app would answer it as GET.
    response = request.method === 'HEAD' ? unrouted(request.method, url.pathname, requestId) : await restApp.fetch(request, { requestId, rawPath, exchange });
  } catch (thrown) {
    const unavailable = asDatabaseUnavailable(thrown);
    const error = unavailable ?? thrown;
    // The outage is logged once per request without its statement (no parameters), as a warning.
    if (unavailable) log('warn', 'database unavailable', { requestId, method: request.method, route: exchange.route, reason: String(unavailable.cause) });
    if (!isDomainError(error)) {
      // The error goes in whole: the log's serializer drops a failed statement's parameters.
      log('error', 'unhandled error', { requestId, method: request.method, route: exchange.route, error });
    }
    response = errorResponse(requestId, error);
    if (isDomainError(error, 'SERVER_BUSY')) response.headers.set('retry-after', '2');
    // A failover takes a few seconds (docs/deploy.md): one second, then the client's own back-off.
    if (isDomainError(error, 'SERVICE_UNAVAILABLE')) response.headers.set('retry-after', '1');
    // A signed URL over its merchant's rate (route-definition.ts); its bucket refills a token a
    // tenth of a second, so one second always suffices.
    if (isDomainError(error, 'RATE_LIMITED')) response.headers.set('retry-after', '1');
  }
  // A body left (partly) unread, because the request was refused before or while reading it, must
  // not be drained on a kept-alive connection: the server closes it after this answer instead,
  // so an anonymous client cannot make it read megabytes (docs/security.md).
  if (exchange.bodyPending) response.headers.set('connection', 'close');
  const seconds = (performance.now() - started) / 1000;
  // One line per request (docs/operations.md): the route's template, never the raw path or query.
  log('info', 'request', { requestId, method: request.method, route: exchange.route, status: response.status, ms: Math.round(seconds * 1000), ...exchange.principal });
  observeRequest('rest', exchange.route, request.method, response.status, seconds);
  // The merchant's request log (docs/merchant-guide.md, "Request log"): buffered and written in
  // batches after the answer, so this costs no round trip; only calls with a verified merchant key.
  if (exchange.merchantCall) {
    const { db, merchantId, apiKeyId } = exchange.merchantCall;
    apiRequestRecorder().record(db, { merchantId, apiKeyId, method: request.method, route: exchange.route, status: response.status, latencyMs: Math.round(seconds * 1000), requestId, createdAt: new Date() });
  }
  return response;
}
