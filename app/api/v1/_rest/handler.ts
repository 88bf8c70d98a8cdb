import { getDatabase } from '../../../../db';
import type { Db } from '../../../../db/client';
import { apiRequestRecorder } from '../../../../server/api-request-log/api-request-recorder';
import { identifyApiRequest, verifyApiRequest, type ApiPrincipal } from '../../../../server/api-keys/authenticate-api-request';
import { requireScopes } from '../../../../server/api-keys/require-scopes';
import { asDatabaseUnavailable, DomainError, isDomainError } from '../../../../server/errors';
import { clientAddressOf } from '../../../../server/http/client-address';
import { log } from '../../../../server/logging/log';
import { observeRequest } from '../../../../server/metrics/http-metrics';
import { hasControlCharacter } from '../../../../server/validation/text-rule';
import { takeToken } from '../../../../server/rate-limit/token-bucket';
import { TRADER_RATE_LIMIT } from '../../../../server/rate-limit/trader-rate-limit';
import type { RestContext, RestResult } from './context';
import { openApiResponse } from './openapi';
import { announcesBody, readBody, refuseDeclaredOversize } from './read-request';
import { newRequestId } from './request-id';
import { BinaryBody, binaryResponse, errorResponse, jsonResponse, streamResponse } from './responses';
import { bodyLimitOf, matchRoute } from './routes';

/** What the Node server passes along (@hono/node-server's bindings): the raw request line's URL. */
export interface NodeBindings {
  incoming?: { url?: string };
}

/**
 * The REST adapter of /api/v1: one Web-standard function. `npm start` mounts it straight on the
 * Node server (docs/architecture.md) and the catch-all route handler exports it for `next dev`.
 * It authenticates from the headers, reads the body, verifies the signature, rate-limits and
 * routes; the domain does the rest.
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
    response = await route(request, url, rawPath, requestId, exchange);
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

interface Exchange {
  /** The request announced a body that has not been read to its end yet. */
  bodyPending: boolean;
  /** The matched route's template, for the request log and the metrics. */
  route: string;
  principal: { merchantId?: string; traderId?: string };
  /** Set once a merchant's key is verified: what the request log needs beyond the answer. */
  merchantCall?: { db: Db; merchantId: string; apiKeyId: string };
}

async function route(request: Request, url: URL, rawPath: string, requestId: string, exchange: Exchange): Promise<Response> {
  const segments = url.pathname.replace(/^\/api\/v1\/?/, '').split('/').map(decodeSegment);
  if (request.method === 'GET' && segments.join('/') === 'openapi.json') {
    exchange.route = 'openapi.json';
    return openApiResponse(requestId);
  }

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
  exchange.route = match.route.path;

  const limit = bodyLimitOf(match.route);
  if (match.route.auth === 'signed-url') {
    // No API key: the URL carries the grant and the route checks it (route-definition.ts). Such a
    // route is a GET, and a body sent with it is never read.
    refuseDeclaredOversize(request, limit);
    const { db } = await getDatabase();
    const result = await match.route.run({ request, requestId, url, params: match.params, body: new Uint8Array(0), db, now: new Date(), clientAddress: clientAddressOf(request.headers) });
    return answer(requestId, result);
  }

  // Nothing of the body is read before the headers name a live key (docs/security.md): an
  // oversize declaration, missing or stale headers, a malformed nonce or an unknown key are
  // answered from the headers alone.
  refuseDeclaredOversize(request, limit);
  const { db } = await getDatabase();
  const now = new Date();
  const identified = await identifyApiRequest(db, {
    apiKey: request.headers.get('x-api-key'),
    timestamp: request.headers.get('x-timestamp'),
    nonce: request.headers.get('x-nonce'),
    signature: request.headers.get('x-signature'),
    now,
  });
  const { bytes: body, sha256, ignored } = await readBody(request, limit);
  exchange.bodyPending = ignored;
  // The address the server stamped from the socket and TRUST_PROXY, never one the client wrote.
  const clientAddress = clientAddressOf(request.headers);
  const principal = await verifyApiRequest(db, identified, { method: request.method, pathAndQuery: rawPath, bodySha256: sha256, clientAddress });
  exchange.principal = principal.kind === 'merchant' ? { merchantId: principal.merchant.id } : { traderId: principal.traderId };
  if (principal.kind === 'merchant') exchange.merchantCall = { db, merchantId: principal.merchant.id, apiKeyId: principal.apiKeyId };
  const refusal = rateLimitRefusal(requestId, principal);
  if (refusal) return refusal;
  // The one place scopes are enforced: every route needs all the scopes it declares, and nothing
  // of its input is parsed before (docs/api.md, "API keys and scopes").
  requireScopes({ granted: principal.scopes, required: match.route.scopes });

  const context: RestContext = { request, requestId, url, params: match.params, body, db, now, principal, clientAddress };
  const result = await match.route.run(context);
  return answer(requestId, result);
}

/** A route's result as a response: JSON, or the raw bytes of a BinaryBody. */
function answer(requestId: string, result: RestResult): Response {
  if (result.body instanceof BinaryBody) return binaryResponse(requestId, result.status, result.body, result.headers);
  if (result.stream) return streamResponse(requestId, result.status, result.stream, result.headers);
  return jsonResponse(requestId, result.status, result.body, result.headers);
}

/** Merchant keys at their merchant's configured rate, trader keys at the one trader rate. */
function rateLimitRefusal(requestId: string, principal: ApiPrincipal): Response | undefined {
  const { perSecond, burst } =
    principal.kind === 'merchant'
      ? { perSecond: principal.merchant.rateLimitPerSecond, burst: principal.merchant.rateLimitBurst }
      : TRADER_RATE_LIMIT;
  const decision = takeToken(principal.apiKeyId, perSecond, burst);
  if (decision.allowed) return undefined;
  const response = errorResponse(requestId, new DomainError('RATE_LIMITED', 'Too many requests for this API key; slow down.'));
  response.headers.set('retry-after', String(decision.retryAfterSeconds));
  return response;
}

/** A segment that is not valid percent-encoding, or decodes to a control character, names nothing. */
function decodeSegment(segment: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    throw new DomainError('NOT_FOUND', 'The path is not valid.');
  }
  if (hasControlCharacter(decoded)) throw new DomainError('NOT_FOUND', 'The path is not valid.');
  return decoded;
}
