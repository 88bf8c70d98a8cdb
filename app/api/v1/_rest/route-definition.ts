import type { z } from 'zod';
import type { ApiKeyScope } from '../../../../server/api-keys/scopes';
import type { MerchantRow } from '../../../../server/api-keys/authenticate-api-request';
import { signedUrlQuery } from '../../../../server/auth/signed-url.schema';
import { verifySignedUrl } from '../../../../server/auth/verify-signed-url';
import { DomainError, type ErrorCode } from '../../../../server/errors';
import { SIGNED_URL_RATE_LIMIT } from '../../../../server/rate-limit/signed-url-rate-limit';
import { takeToken } from '../../../../server/rate-limit/token-bucket';
import { parseInput } from '../../../../server/validation/parse-input';
import type { RestContext, RestResult } from './context';
import { asksFor } from './negotiate';
import { parseJsonBody, parseQuery } from './read-request';

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
export type RouteTag = 'Balance' | 'Wallet' | 'Payouts' | 'Pay-ins' | 'Events' | 'Webhooks' | 'API keys' | 'Trader API';

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

/** A route with its types erased, as the table holds it; `run` validates and calls the handler. */
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
  run: (context: RestContext) => Promise<RestResult>;
}

/**
 * Declares a route. The adapter checks, in this order and from the declaration alone: the key's
 * scopes (handler.ts), the key's kind (a merchant key on a trader route is INVALID_API_KEY, and the reverse), the path params, the
 * query, then a JSON body (415, INVALID_JSON, VALIDATION_FAILED). Only then does the handler run,
 * with typed input; what it returns is typed by the success schema the document publishes.
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
  return {
    ...declaration,
    ...(signedUrl ? { query: signedUrlQuery } : {}),
    ...(streamed ? { streamed: { contentType: streamed.contentType, description: streamed.description, example: streamed.example, query: streamed.query } } : {}),
    run: async (context) => {
      const caller = signedUrl ? signedUrlCallerOf(context) : callerOf(spec.auth, context);
      const params = spec.params ? parseInput(spec.params, context.params) : context.params;
      if (streamed && asksFor(context.request, streamed.contentType)) {
        const schema = streamed.query ?? spec.query;
        const query = schema ? parseQuery(context.url, schema) : {};
        const input = { ...context, ...caller, params, query, json: undefined } as unknown as RouteInput<A, P, S, z.ZodType>;
        const stream = await streamed.handle(input);
        return {
          status: spec.success.status,
          body: undefined,
          stream: { body: stream, contentType: `${streamed.contentType}; charset=utf-8` },
          headers: { 'content-disposition': `attachment; filename="${streamed.filename}"` },
        };
      }
      const query = signedUrl ? {} : spec.query ? parseQuery(context.url, spec.query) : {};
      const json = spec.body?.kind === 'json' ? jsonBodyOf(spec.body, context) : undefined;
      // The checks above are what make this input the declared one; TypeScript cannot follow the
      // auth kind through the conditional type, hence the cast.
      const input = { ...context, ...caller, params, query, json } as unknown as RouteInput<A, P, Q, B>;
      const result = await handle(input);
      return { status: result.status ?? spec.success.status, body: result.body, headers: result.headers };
    },
  };
}

function jsonBodyOf(body: JsonBody<z.ZodType>, context: RestContext): unknown {
  if (body.optional && context.body.byteLength === 0) return parseInput(body.schema, {});
  return parseJsonBody(context.request, context.body, body.schema);
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
export function errorsOf(route: Route): ErrorCode[] {
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

/** Path params a route declares, in the order of its path. */
export function paramNamesOf(route: Pick<Route, 'path'>): string[] {
  return route.path
    .split('/')
    .filter((part) => part.startsWith(':'))
    .map((part) => part.slice(1));
}
