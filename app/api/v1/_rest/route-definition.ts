import type { z } from 'zod';
import type { MerchantRow } from '../../../../server/auth/authenticate-api-request';
import { DomainError, type ErrorCode } from '../../../../server/errors';
import { parseInput } from '../../../../server/validation/parse-input';
import type { RestContext, RestResult } from './context';
import { asksFor } from './negotiate';
import { parseJsonBody, parseQuery } from './read-request';

/** Which kind of API key a route answers to (docs/api.md, "Authentication"). */
export type AuthKind = 'merchant' | 'trader';

/**
 * What a key must be allowed to do for a route. Keys do not carry scopes yet, so the adapter does
 * not check them: routes declare them as data, and the OpenAPI document publishes them, so that
 * scoped keys only have to add the check in one place (the adapter) when they arrive.
 */
export type Scope = 'payouts:read' | 'payouts:write' | 'payins:read' | 'payins:write' | 'webhooks:manage' | 'balance:read' | 'events:read' | 'trader';

/** The document's sections, in the order it lists them. */
export type RouteTag = 'Balance' | 'Payouts' | 'Pay-ins' | 'Events' | 'Webhooks' | 'Trader API';

/** A body the adapter reads as JSON and checks against `schema` before the route runs. */
export interface JsonBody<B extends z.ZodType> {
  kind: 'json';
  schema: B;
  example?: z.input<B>;
}

/**
 * A body the route reads itself (a proof upload must check its order before parsing anything,
 * docs/security.md); `schema` is its JSON Schema, for the document only.
 */
export interface MultipartBody {
  kind: 'multipart';
  schema: Record<string, unknown>;
  description: string;
}

/**
 * Another form of the success response, streamed rather than built in memory: the adapter chooses
 * it over JSON when the request's Accept asks for its media type (negotiate.ts). Errors stay JSON.
 * `query` replaces the route's query schema for it (an export has no pages).
 */
export interface StreamedSpec<A extends AuthKind, P extends z.ZodType, S extends z.ZodType> {
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
  success: { status: 200 | 201 | 202; schema: R; description: string; example?: z.output<R> };
  /** The codes only this route answers with; authentication's and the reading of input's are added (errorsOf). */
  errors: readonly ErrorCode[];
  /** Largest body accepted; 64 KiB unless the route carries files. */
  maxBodyBytes?: number;
  streamed?: StreamedSpec<A, P, S>;
  handle: (input: RouteInput<A, P, Q, B>) => Promise<RouteResult<R>>;
}

/** What a route's handler receives: the caller, and its input already checked. */
export type RouteInput<A extends AuthKind, P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = RestContext &
  (A extends 'merchant' ? { merchant: MerchantRow } : { traderId: string }) & {
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
  success: { status: number; schema: z.ZodType; description: string; example?: unknown };
  errors: readonly ErrorCode[];
  maxBodyBytes?: number;
  streamed?: { contentType: string; description: string; example?: string; query?: z.ZodType };
  run: (context: RestContext) => Promise<RestResult>;
}

/**
 * Declares a route. The adapter checks, in this order and from the declaration alone: the key's
 * kind (a merchant key on a trader route is INVALID_API_KEY, and the reverse), the path params, the
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
  return {
    ...declaration,
    ...(streamed ? { streamed: { contentType: streamed.contentType, description: streamed.description, example: streamed.example, query: streamed.query } } : {}),
    run: async (context) => {
      const caller = callerOf(spec.auth, context);
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
      const query = spec.query ? parseQuery(context.url, spec.query) : {};
      const json = spec.body?.kind === 'json' ? parseJsonBody(context.request, context.body, spec.body.schema) : undefined;
      // The checks above are what make this input the declared one; TypeScript cannot follow the
      // auth kind through the conditional type, hence the cast.
      const input = { ...context, ...caller, params, query, json } as unknown as RouteInput<A, P, Q, B>;
      const result = await handle(input);
      return { status: result.status ?? spec.success.status, body: result.body, headers: result.headers };
    },
  };
}

/** The caller of the kind the route needs; a key of the other kind is refused as not valid here. */
function callerOf(kind: AuthKind, context: RestContext): { merchant: MerchantRow } | { traderId: string } {
  const { principal } = context;
  if (kind === 'merchant') {
    if (principal.kind !== 'merchant') throw new DomainError('INVALID_API_KEY', 'This endpoint needs a merchant API key.');
    return { merchant: principal.merchant };
  }
  if (principal.kind !== 'trader') throw new DomainError('INVALID_API_KEY', 'This endpoint needs a trader API key.');
  return { traderId: principal.traderId };
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
  'RATE_LIMITED',
  // A declared Content-Length over the route's limit is refused from the headers, on any route.
  'PAYLOAD_TOO_LARGE',
  'INTERNAL_ERROR',
];

/** A route's possible error codes: its own, plus those of authentication and of reading its input. */
export function errorsOf(route: Route): ErrorCode[] {
  const reading: ErrorCode[] = [];
  if (route.params || route.query || route.body || route.idempotencyKey) reading.push('VALIDATION_FAILED');
  if (route.body?.kind === 'json') reading.push('UNSUPPORTED_MEDIA_TYPE', 'INVALID_JSON');
  // A path segment that is not valid percent-encoding, or decodes to a control character, names
  // nothing (handler.ts): the route's own path answers NOT_FOUND then.
  if (paramNamesOf(route).length > 0) reading.push('NOT_FOUND');
  return [...new Set([...AUTHENTICATION_ERRORS, ...reading, ...route.errors])];
}

/** Path params a route declares, in the order of its path. */
export function paramNamesOf(route: Pick<Route, 'path'>): string[] {
  return route.path
    .split('/')
    .filter((part) => part.startsWith(':'))
    .map((part) => part.slice(1));
}
