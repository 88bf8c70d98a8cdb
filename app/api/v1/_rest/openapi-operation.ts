import { errorCodes, type ErrorCode } from '../../../../server/errors';
import { ref, schemaOf, withTextRule } from './openapi-schemas';
import type { Route } from './route-definition';

/**
 * The fields of a route's createRoute config (route-definition.ts) that the OpenAPI document takes
 * as written: its security, its parameters and body in zod's own conversion (openapi-schemas.ts),
 * and every response it can answer with, error codes included (docs/errors.md). The library copies
 * them into the operation (app.ts registers each config in the app's OpenAPI registry).
 */
type JsonSchema = Record<string, unknown>;

/** What of a route the document states: its declaration, without handler and config. */
export type DocumentedRoute = Omit<Route, 'config' | 'handler'>;

export const requestIdHeader = { 'X-Request-Id': { description: 'The id of this answer, also in an error body and the server log.', schema: { type: 'string' as const } } };
const retryAfterHeader = { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' as const } } };

/** What the HTTP server refuses before routing (openapi-document.ts registers it): any operation can meet it. */
export const refusedRequestRef = { '4XX': { $ref: '#/components/responses/RefusedRequest' } };

/** The Error schema with its code limited to some codes. */
export function errorWithCodes(codes: readonly ErrorCode[]) {
  return { allOf: [ref('Error'), { type: 'object' as const, properties: { error: { type: 'object' as const, properties: { code: { enum: [...codes] } } } } }] };
}

/**
 * A route's security requirement; the key scheme carries the route's scopes, all of which a key
 * needs (handler.ts). A signed-url route has none: its query parameters are the grant.
 */
function securityOf(route: DocumentedRoute) {
  if (route.auth === 'signed-url') return [];
  return [{ [route.auth === 'merchant' ? 'merchantKey' : 'traderKey']: [...route.scopes], timestamp: [], nonce: [], signature: [] }];
}

/** One response per status the route can answer with an error, each limited to that status's codes. */
function errorResponses(errors: readonly ErrorCode[]): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errors) byStatus.set(errorCodes[code], [...(byStatus.get(errorCodes[code]) ?? []), code]);
  const sorted = [...byStatus].sort(([a], [b]) => a - b);
  return Object.fromEntries(
    sorted.map(([status, codes]) => [
      String(status),
      {
        description: codes.join(', '),
        headers: status === 429 || status === 503 ? { ...requestIdHeader, ...retryAfterHeader } : requestIdHeader,
        content: { 'application/json': { schema: errorWithCodes(codes) } },
      },
    ]),
  );
}

/** Path params a route declares, in the order of its path. */
export function paramNamesOf(route: Pick<Route, 'path'>): string[] {
  return route.path
    .split('/')
    .filter((part) => part.startsWith(':'))
    .map((part) => part.slice(1));
}

/** Path and query parameters from the route's zod schemas, as a client sends them. */
function parametersOf(route: DocumentedRoute): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  const fromObject = (schema: Route['query'], location: 'path' | 'query') => {
    if (!schema) return;
    const json = location === 'query' ? (withTextRule(schemaOf(schema, 'input')) as JsonSchema) : schemaOf(schema, 'input');
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      const { description, ...rest } = property;
      parameters.push({ name, in: location, required: location === 'path' || required.has(name), ...(description ? { description } : {}), schema: rest });
    }
  };
  fromObject(route.params, 'path');
  const declared = new Set(parameters.map((parameter) => parameter.name));
  for (const name of paramNamesOf(route)) {
    if (!declared.has(name)) parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  }
  fromObject(route.query, 'query');
  if (route.idempotencyKey) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: route.idempotencyKey.required,
      description: route.idempotencyKey.description,
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]+$' },
    });
  }
  return parameters;
}

function requestBodyOf(route: DocumentedRoute): JsonSchema | undefined {
  if (!route.body) return undefined;
  if (route.body.kind === 'multipart') {
    return { required: true, description: route.body.description, content: { 'multipart/form-data': { schema: route.body.schema } } };
  }
  const media: JsonSchema = { schema: withTextRule(schemaOf(route.body.schema, 'input')) };
  if (route.body.example !== undefined) media.example = route.body.example;
  return { required: route.body.optional !== true, content: { 'application/json': media } };
}

/** The success body: JSON from the route's schema, or raw bytes of each declared media type. */
function successContentOf(route: DocumentedRoute): JsonSchema {
  if (route.success.media) {
    return Object.fromEntries(route.success.media.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]));
  }
  const success: JsonSchema = { schema: schemaOf(route.success.schema, 'output') };
  if (route.success.example !== undefined) success.example = route.success.example;
  return { 'application/json': success };
}

/**
 * The fields of a route's createRoute config that the document takes as written: `security`,
 * `parameters` and `requestBody` (OpenAPI operation fields the library passes through), and
 * `responses`. `errors` are all the codes the route can answer with (errorsOf).
 */
export function operationFieldsOf(route: DocumentedRoute, errors: readonly ErrorCode[]) {
  const successHeaders = route.idempotencyKey
    ? { ...requestIdHeader, 'Idempotent-Replayed': { description: '"true" when this is the stored answer of an earlier request with the same key.', schema: { type: 'string', enum: ['true'] } } }
    : requestIdHeader;
  const requestBody = requestBodyOf(route);
  // A streamed form of the success (a CSV export) is another media type of the same response;
  // the client picks it with Accept (negotiate.ts).
  const streamed = route.streamed
    ? { [route.streamed.contentType]: { schema: { type: 'string', description: route.streamed.description }, ...(route.streamed.example !== undefined ? { example: route.streamed.example } : {}) } }
    : {};
  return {
    security: securityOf(route),
    parameters: parametersOf(route),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      [String(route.success.status)]: { description: route.success.description, headers: successHeaders, content: { ...successContentOf(route), ...streamed } },
      ...errorResponses(errors),
      ...refusedRequestRef,
    },
  };
}
