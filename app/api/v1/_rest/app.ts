import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { DomainError } from '../../../../server/errors';
import { validationFailed } from '../../../../server/validation/parse-input';
import { hasControlCharacter } from '../../../../server/validation/text-rule';
import type { RestEnv } from './context';
import { DOCUMENT_PATH, documentObject, registerDocumentParts } from './openapi-document';
import { errorResponse, jsonResponse } from './responses';
import { allowedMethodsAt, routes } from './routes';

/**
 * The REST API as an OpenAPIHono app: each route of the table (routes.ts) is registered with its
 * `createRoute` object, so the library's validators check its params, query and JSON body against
 * the very schemas the document publishes. What the project does better than the library's
 * defaults stays, as hooks and middleware: a failed validation is VALIDATION_FAILED through the one
 * mapper (server/validation/parse-input.ts); admission (signed request, rate, scopes, body limit)
 * is each route's middleware (route-definition.ts); errors are answered by the adapter's one error
 * table (handler.ts, responses.ts); the request log is written around the app (handler.ts).
 */
export const restApp = new OpenAPIHono<RestEnv>({
  defaultHook: (result) => {
    if (!result.success) throw validationFailed(result.error.issues);
  },
});

// Errors leave the app as thrown: the adapter answers every one the same way (handler.ts). The
// library's own refusals, which the route middleware forestalls (a body left out with a
// Content-Type other than JSON reaches its media-type gate), get the codes of docs/errors.md.
restApp.onError((error) => {
  if (error instanceof HTTPException && error.status === 415) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as Content-Type: application/json.');
  if (error instanceof HTTPException && error.status === 400) throw new DomainError('INVALID_JSON', 'The body is not valid JSON.');
  throw error;
});

// A segment that is not valid percent-encoding, or decodes to a control character, names nothing.
restApp.use('*', async (c, next) => {
  segmentsOf(new URL(c.req.url).pathname);
  await next();
});

restApp.get(`/api/v1/${DOCUMENT_PATH}`, (c) => {
  c.env.exchange.route = DOCUMENT_PATH;
  return jsonResponse(c.env.requestId, 200, openApiDocument());
});

for (const route of routes) {
  const { request: _validated, middleware: _admission, ...operation } = route.config;
  restApp.openapi({ ...route.config, hide: true }, route.handler);
  // The document takes the operation as its config states it, parameters and body included in
  // zod's own conversion (openapi-schemas.ts); `request` holds the same schemas for the validators,
  // which the library's converter would state a second, looser time.
  restApp.openAPIRegistry.registerPath(operation);
}
registerDocumentParts(restApp.openAPIRegistry);

let document: Record<string, unknown> | undefined;

/**
 * The OpenAPI 3.1 document of /api/v1, as the library generates it from the registered routes and
 * the registry's other entries (openapi-document.ts); built once per process.
 */
export function openApiDocument(): Record<string, unknown> {
  document ??= restApp.getOpenAPI31Document(documentObject) as unknown as Record<string, unknown>;
  return document;
}

restApp.notFound((c) => unrouted(c.req.raw.method, new URL(c.req.url).pathname, c.env.requestId));

/** 405 with Allow when the path exists under another method, else 404 NOT_FOUND. */
export function unrouted(method: string, pathname: string, requestId: string): Response {
  const allowed = allowedMethodsAt(segmentsOf(pathname));
  if (allowed.length === 0) throw new DomainError('NOT_FOUND', `No route for ${method} ${pathname}.`);
  const response = errorResponse(requestId, new DomainError('METHOD_NOT_ALLOWED', `${method} is not allowed here; use ${allowed.join(' or ')}.`));
  response.headers.set('allow', allowed.join(', '));
  return response;
}

/** The path's segments below /api/v1, decoded; NOT_FOUND when one cannot be. */
function segmentsOf(pathname: string): string[] {
  return pathname.replace(/^\/api\/v1\/?/, '').split('/').map(decodeSegment);
}

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
