import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { Handler, HonoRequest, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { getDatabase } from '../../../../db';
import { requireScopes } from '../../../../server/api-keys/require-scopes';
import type { ApiKeyScope } from '../../../../server/api-keys/scopes';
import { identifyApiRequest, verifyApiRequest, type ApiPrincipal, type MerchantRow } from '../../../../server/api-keys/authenticate-api-request';
import { signedUrlQuery } from '../../../../server/auth/signed-url.schema';
import { verifySignedUrl } from '../../../../server/auth/verify-signed-url';
import { DomainError, type ErrorCode } from '../../../../server/errors';
import { SIGNED_URL_RATE_LIMIT } from '../../../../server/rate-limit/signed-url-rate-limit';
import { takeToken } from '../../../../server/rate-limit/token-bucket';
import { clientAddressOf } from '../../../../server/http/client-address';
import { TRADER_RATE_LIMIT } from '../../../../server/rate-limit/trader-rate-limit';
import { parseInput } from '../../../../server/validation/parse-input';
import { enforceTextRule } from '../../../../server/validation/text-rule';
import type { RestContext, RestEnv, RestResult } from './context';
import { asksFor } from './negotiate';
import { jsonOf, MAX_BODY_BYTES, parseQuery, readBody, refuseDeclaredOversize } from './read-request';
import { operationFieldsOf, paramNamesOf, type DocumentedRoute } from './openapi-operation';
import { BinaryBody, binaryResponse, errorResponse, jsonResponse, streamResponse } from './responses';

/**
 * Which kind of API key a route answers to (docs/api.md, "Authentication"), or `signed-url`: no key
 * at all, the URL itself carries a merchant's short-lived grant (server/auth/sign-url.ts), so that a
 * browser or an <img> tag can open it. Such a route's query is the signed URL's and nothing else.
 */
export type AuthKind = 'merchant' | 'trader' | 'signed-url';

/**
 * What a key must be allowed to do for a route: the domain's scope list (server/api-keys/scopes.ts).
 * The adapter (handler.ts) refuses a key lacking any of them with 403 INSUFFICIENT_SCOPE before the
 * route parses anything, and the OpenAPI document publishes them. Trader routes declare none: a
 * trader key's kind is what they check.
 */
type Scope = ApiKeyScope;

/** The document's sections, in the order it lists them. */
export type RouteTag = 'Balance' | 'Reports' | 'Wallet' | 'Payouts' | 'Pay-ins' | 'Events' | 'Webhooks' | 'API keys' | 'Trader API';

/** A body the adapter reads as JSON and checks against `schema` before the route runs. */
interface JsonBody<B extends z.ZodType> {
  kind: 'json';
  schema: B;
  example?: z.input<B>;
  /**
   * The body may be left out (no bytes, so no Content-Type either): the schema then reads `{}`,
   * so its defaults apply. A body that is sent is checked as usual, 415 and all.
   */
  optional?: boolean;
}

/**
 * A body the route reads itself (a proof upload must check its order before parsing anything,
 * docs/security.md); `schema` is its JSON Schema, for the document only.
 */
interface MultipartBody {
  kind: 'multipart';
  schema: Record<string, unknown>;
  description: string;
}

/**
 * Another form of the success response, streamed rather than built in memory: the adapter chooses
 * it over JSON when the request's Accept asks for its media type (negotiate.ts). Errors stay JSON.
 * `query` replaces the route's query schema for it (an export has no pages).
 */
interface StreamedSpec<A extends AuthKind, P extends z.ZodType, S extends z.ZodType> {
  contentType: 'text/csv';
  description: string;
  example?: string;
  /** Offered to the client as the download's file name (Content-Disposition). */
  filename: string;
  query?: S;
  handle: (input: RouteInput<A, P, S, z.ZodType>) => Promise<ReadableStream<Uint8Array>>;
}

export interface RouteSpec<A extends AuthKind, P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType, S extends z.ZodType = Q> {
  operationId: string;
  method: 'GET' | 'POST';
  /** Path below /api/v1; `:name` segments are the params. */
  path: string;
  auth: A;
  scopes: readonly Scope[];
  tag: RouteTag;
  summary: string;
  description?: string;
  params?: P;
  query?: Q;
  body?: JsonBody<B> | MultipartBody;
  /** The Idempotency-Key header: required (payout create) or optional (pay-in create). */
  idempotencyKey?: { required: boolean; description: string };
  success: { status: 200 | 201 | 202; schema: R; description: string; example?: z.output<R>; media?: readonly string[] };
  /** The codes only this route answers with; authentication's and the reading of input's are added (errorsOf). */
  errors: readonly ErrorCode[];
  /** Largest body accepted; 64 KiB unless the route carries files. */
  maxBodyBytes?: number;
  streamed?: StreamedSpec<A, P, S>;
  handle: (input: RouteInput<A, P, Q, B>) => Promise<RouteResult<R>>;
}

/** What a route's handler receives: the caller, and its input already checked. */
type RouteInput<A extends AuthKind, P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = RestContext &
  (A extends 'merchant' ? { merchant: MerchantRow } : A extends 'trader' ? { traderId: string } : { merchantId: string }) & {
    params: z.output<P>;
    query: z.output<Q>;
    json: z.output<B>;
  };

export interface RouteResult<R extends z.ZodType> {
  /** The success status unless given (an idempotent replay answers the first status). */
  status?: number;
  body: z.output<R>;
  headers?: Record<string, string>;
}

/**
 * A route with its types erased, as the table holds it: its declaration, the `createRoute` object
 * the OpenAPIHono app registers it with (app.ts), and the handler that runs once the input is checked.
 */
export interface Route {
  operationId: string;
  method: 'GET' | 'POST';
  path: string;
  auth: AuthKind;
  scopes: readonly Scope[];
  tag: RouteTag;
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: JsonBody<z.ZodType> | MultipartBody;
  idempotencyKey?: { required: boolean; description: string };
  /**
   * `media`: the success body is raw bytes of one of these types (a BinaryBody, responses.ts), not
   * JSON; for the document.
   */
  success: { status: number; schema: z.ZodType; description: string; example?: unknown; media?: readonly string[] };
  errors: readonly ErrorCode[];
  maxBodyBytes?: number;
  streamed?: { contentType: string; description: string; example?: string; query?: z.ZodType };
  config: RouteConfig;
  handler: Handler<RestEnv>;
}

/**
 * The query of a route that takes none: an unknown query parameter is refused on every route, one
 * way (docs/api.md, "Query parameters"), never silently ignored.
 */
const NO_QUERY = z.object({}).strict();

/**
 * Declares a route: one declaration from which the OpenAPIHono app (app.ts) validates and the
 * document (openapi.ts) is generated. Checked in this order, from the declaration alone: the
 * body's declared size, the key (handler.ts's admission), its rate, its scopes, its kind (a
 * merchant key on a trader route is INVALID_API_KEY, and the reverse), the text rule, then the
 * library's validators on the query, the path params and a JSON body (415, INVALID_JSON,
 * VALIDATION_FAILED). Only then does the handler run, with typed input; what it returns is typed
 * by the success schema the document publishes.
 */
export function defineRoute<
  A extends AuthKind,
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  S extends z.ZodType = Q,
>(spec: RouteSpec<A, P, Q, B, R, S>): Route {
  const { handle, streamed, ...declaration } = spec;
  const signedUrl = spec.auth === 'signed-url';
  const query = signedUrl ? signedUrlQuery : (spec.query ?? NO_QUERY);
  const jsonBody = spec.body?.kind === 'json' ? spec.body : undefined;
  const documented: DocumentedRoute = {
    ...declaration,
    query,
    ...(streamed ? { streamed: { contentType: streamed.contentType, description: streamed.description, example: streamed.example, query: streamed.query } } : {}),
  };
  const config = createRoute({
    method: spec.method === 'GET' ? 'get' : 'post',
    path: openApiPathOf(spec.path),
    operationId: spec.operationId,
    tags: [spec.tag],
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    // Security, parameters, body and responses as the document states them (openapi-operation.ts).
    ...(operationFieldsOf(documented, errorsOf(documented)) as unknown as Pick<RouteConfig, 'security' | 'parameters' | 'requestBody' | 'responses'>),
    middleware: [admit(spec), readInput({ ...spec, query }, streamed)],
    // What the library's validators check; the document states the same schemas through the fields
    // above (app.ts).
    request: {
      // The library's validators take object schemas; every declared params and query schema is one.
      ...(spec.params ? { params: spec.params as unknown as z.ZodObject } : {}),
      ...(query ? { query: query as unknown as z.ZodObject } : {}),
      ...(jsonBody ? { body: { required: jsonBody.optional !== true, content: { 'application/json': { schema: jsonBody.schema } } } } : {}),
    },
  });
  const handler: Handler<RestEnv> = async (c) => {
    const context = c.get('context');
    const valid = (target: 'param' | 'query' | 'json') => (c.req as unknown as { valid(target: string): unknown }).valid(target);
    const params = spec.params ? valid('param') : context.params;
    const checkedQuery = signedUrl ? {} : valid('query');
    const json = jsonBody ? (jsonBody.optional && context.body.byteLength === 0 ? parseInput(jsonBody.schema, {}) : valid('json')) : undefined;
    // The validators above are what make this input the declared one; TypeScript cannot follow the
    // auth kind through the conditional type, hence the cast.
    const input = { ...context, ...c.get('caller'), params, query: checkedQuery, json } as unknown as RouteInput<A, P, Q, B>;
    const result = await handle(input);
    return answer(context.requestId, { status: result.status ?? spec.success.status, body: result.body, headers: result.headers });
  };
  return { ...documented, config, handler };
}

/**
 * The route's admission, before anything of its input is parsed: the body's declared size, then
 * the caller. A keyed route reads nothing of the body before the headers name a live key
 * (docs/security.md): an oversize declaration, missing or stale headers, a malformed nonce or an
 * unknown key are answered from the headers alone. Then the body is read (hashed as it arrives),
 * the signature verified, the key's rate taken and its scopes required: the one place scopes are
 * enforced (docs/api.md, "API keys and scopes"). A signed-url route has no key: the URL carries
 * the grant, and a body sent with it is never read.
 */
function admit(spec: Pick<Route, 'path' | 'auth' | 'scopes' | 'maxBodyBytes'>): MiddlewareHandler<RestEnv> {
  const limit = spec.maxBodyBytes ?? MAX_BODY_BYTES;
  return async (c, next) => {
    const { requestId, rawPath, exchange } = c.env;
    exchange.route = spec.path;
    const request = c.req.raw;
    const url = new URL(request.url);
    const params = c.req.param() as Record<string, string>;
    refuseDeclaredOversize(request, limit);
    const { db } = await getDatabase();
    const now = new Date();
    const clientAddress = clientAddressOf(request.headers);
    if (spec.auth === 'signed-url') {
      const context: RestContext = { request, requestId, url, params, body: new Uint8Array(0), db, now, clientAddress };
      c.set('context', context);
      c.set('caller', signedUrlCallerOf(context));
      return next();
    }
    const identified = await identifyApiRequest(db, {
      apiKey: request.headers.get('x-api-key'),
      timestamp: request.headers.get('x-timestamp'),
      nonce: request.headers.get('x-nonce'),
      signature: request.headers.get('x-signature'),
      now,
    });
    const { bytes: body, sha256, ignored } = await readBody(request, limit);
    exchange.bodyPending = ignored;
    const principal = await verifyApiRequest(db, identified, { method: request.method, pathAndQuery: rawPath, bodySha256: sha256, clientAddress });
    exchange.principal = principal.kind === 'merchant' ? { merchantId: principal.merchant.id } : { traderId: principal.traderId };
    if (principal.kind === 'merchant') exchange.merchantCall = { db, merchantId: principal.merchant.id, apiKeyId: principal.apiKeyId };
    const refusal = rateLimitRefusal(requestId, principal);
    if (refusal) return refusal;
    requireScopes({ granted: principal.scopes, required: spec.scopes });
    const context: RestContext = { request, requestId, url, params, body, db, now, principal, clientAddress };
    c.set('context', context);
    c.set('caller', callerOf(spec.auth, context));
    // The body was read here, for its hash; the library's validators read it from Hono's cache.
    cacheBody(c.req, 'arrayBuffer', body.slice().buffer);
    return next();
  };
}

/**
 * What comes between admission and the library's validators: a streamed answer (CSV) asked for
 * with Accept, which has its own query and is answered here; then the text rule on the raw query
 * and body (server/validation/text-rule.ts), and a JSON body's media type and syntax, so that 415
 * and INVALID_JSON keep their codes and the validators see the parsed value.
 */
function readInput(spec: Pick<Route, 'body' | 'success' | 'query'>, streamed: StreamedSpec<AuthKind, z.ZodType, z.ZodType> | undefined): MiddlewareHandler<RestEnv> {
  return async (c, next) => {
    const context = c.get('context');
    const { request } = context;
    if (streamed && asksFor(request, streamed.contentType)) {
      const params = c.req.param();
      const query = streamed.query ? parseQuery(context.url, streamed.query) : {};
      const input = { ...context, ...c.get('caller'), params, query, json: undefined } as unknown as RouteInput<AuthKind, z.ZodType, z.ZodType, z.ZodType>;
      const stream = await streamed.handle(input);
      return answer(context.requestId, {
        status: spec.success.status,
        body: undefined,
        stream: { body: stream, contentType: `${streamed.contentType}; charset=utf-8` },
        headers: { 'content-disposition': `attachment; filename="${streamed.filename}"` },
      });
    }
    if (spec.query) enforceTextRule(queryOf(c.req.queries()));
    if (spec.body?.kind === 'json') {
      if (spec.body.optional && context.body.byteLength === 0) {
        // Left out: the schema reads {} (the handler parses it so its defaults apply).
        cacheBody(c.req, 'arrayBuffer', new ArrayBuffer(0));
        cacheBody(c.req, 'text', '{}');
      } else {
        const { text, value } = jsonOf(request, context.body);
        enforceTextRule(value);
        cacheBody(c.req, 'text', text);
      }
    }
    return next();
  };
}

/**
 * Hands the body already read to Hono's request, which its validators read it from. Hono keeps
 * promises in this cache (its type says values).
 */
function cacheBody(request: HonoRequest, key: 'arrayBuffer' | 'text', value: ArrayBuffer | string): void {
  (request.bodyCache as Record<string, Promise<unknown>>)[key] = Promise.resolve(value);
}

/** The query as the library's validator reads it: a repeated parameter is a list. */
const queryOf = (queries: Record<string, string[]>) => Object.fromEntries(Object.entries(queries).map(([name, values]) => [name, values.length === 1 ? values[0] : values]));

/** A route's result as a response: JSON, or the raw bytes of a BinaryBody, or a stream. */
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

/** `withdrawals/:orderNo` -> `/api/v1/withdrawals/{orderNo}`. */
export function openApiPathOf(path: string): string {
  return `/api/v1/${path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
}

/** The caller of the kind the route needs; a key of the other kind is refused as not valid here. */
function callerOf(kind: AuthKind, context: RestContext): { merchant: MerchantRow } | { traderId: string } {
  const { principal } = context;
  // The adapter verifies a key on every route but a signed-url one (handler.ts).
  if (!principal) throw new Error('a keyed route ran without a verified key');
  if (kind === 'merchant') {
    if (principal.kind !== 'merchant') throw new DomainError('INVALID_API_KEY', 'This endpoint needs a merchant API key.');
    return { merchant: principal.merchant };
  }
  if (principal.kind !== 'trader') throw new DomainError('INVALID_API_KEY', 'This endpoint needs a trader API key.');
  return { traderId: principal.traderId };
}

/**
 * The merchant a signed URL speaks for: its query's shape (VALIDATION_FAILED), then its signature
 * over the merchant, the path as requested and the expiry (SIGNED_URL_INVALID), then the expiry
 * (SIGNED_URL_EXPIRED), then the merchant's rate for signed URLs (RATE_LIMITED; handler.ts adds
 * Retry-After). The path is the URL's as requested, so an encoding other than the one signed is
 * refused, never reinterpreted.
 */
function signedUrlCallerOf(context: RestContext): { merchantId: string } {
  const query = parseQuery(context.url, signedUrlQuery);
  const caller = verifySignedUrl({ path: context.url.pathname, query, now: context.now });
  const { perSecond, burst } = SIGNED_URL_RATE_LIMIT;
  if (!takeToken(`signed-url:${caller.merchantId}`, perSecond, burst).allowed) {
    throw new DomainError('RATE_LIMITED', 'Too many signed URLs opened for this merchant; slow down.');
  }
  return caller;
}

/** Every code that reaches a client before or around the route itself (docs/errors.md). */
const AUTHENTICATION_ERRORS: readonly ErrorCode[] = [
  'AUTH_MISSING',
  'INVALID_API_KEY',
  'INVALID_SIGNATURE',
  'TIMESTAMP_OUT_OF_RANGE',
  'NONCE_INVALID',
  'NONCE_REPLAYED',
  // A suspended merchant's key is refused before the adapter knows which kind of route it called.
  'MERCHANT_DISABLED',
  // A key with an IP allowlist, used from another address, is refused on any route.
  'IP_NOT_ALLOWED',
  'RATE_LIMITED',
  // A declared Content-Length over the route's limit is refused from the headers, on any route.
  'PAYLOAD_TOO_LARGE',
  // Every route reads the database, whose primary may be changing over (docs/deploy.md, "Failover").
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
];

/**
 * A signed URL is checked by the route, with no key: no header can be missing or replayed, but the
 * merchant it names may be over its rate for signed URLs. A declared body is still refused from
 * its Content-Length.
 */
const SIGNED_URL_ERRORS: readonly ErrorCode[] = ['SIGNED_URL_INVALID', 'SIGNED_URL_EXPIRED', 'RATE_LIMITED', 'PAYLOAD_TOO_LARGE', 'SERVICE_UNAVAILABLE', 'INTERNAL_ERROR'];

/** A route's possible error codes: its own, plus those of authentication and of reading its input. */
export function errorsOf(route: DocumentedRoute): ErrorCode[] {
  const authentication = route.auth === 'signed-url' ? SIGNED_URL_ERRORS : AUTHENTICATION_ERRORS;
  const reading: ErrorCode[] = [];
  // A signed URL's scopes are those of the key that had it signed; the URL itself is not checked for them.
  if (route.auth !== 'signed-url' && route.scopes.length > 0) reading.push('INSUFFICIENT_SCOPE');
  if (route.params || route.query || route.body || route.idempotencyKey) reading.push('VALIDATION_FAILED');
  if (route.body?.kind === 'json') reading.push('UNSUPPORTED_MEDIA_TYPE', 'INVALID_JSON');
  // A path segment that is not valid percent-encoding, or decodes to a control character, names
  // nothing (handler.ts): the route's own path answers NOT_FOUND then.
  if (paramNamesOf(route).length > 0) reading.push('NOT_FOUND');
  return [...new Set([...authentication, ...reading, ...route.errors])];
}
