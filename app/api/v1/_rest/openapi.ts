/**
 * The OpenAPI 3.1 document of /api/v1 (docs/api.md, "Endpoints"), as the REST tests, the
 * document's lint and the client's types read it. @hono/zod-openapi generates it from the
 * createRoute config of every route of the table (route-definition.ts, routes.ts) and the
 * registry entries of openapi-document.ts; the REST tests validate every response against it
 * (tests/api/contract.ts).
 */
export { openApiDocument } from './app';
export { DOCUMENT_PATH } from './openapi-document';
export { eventSchemaName } from './openapi-schemas';
export { openApiPathOf } from './route-definition';
