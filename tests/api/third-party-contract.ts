import addFormats from 'ajv-formats';
import OpenAPIBackend, { type Document } from 'openapi-backend';
import { openApiDocument } from '../../app/api/v1/_rest/openapi';

/**
 * The second reading of the contract: openapi-backend, a validator Corridor did not write, checks
 * each response the REST tests get against the published document (its status, JSON body and
 * headers), beside contract.ts's own check. A mismatch fails the test that made the request.
 */
let backend: Promise<OpenAPIBackend> | undefined;

/** The document loaded once into openapi-backend, with the formats its schemas use. */
export function documentBackend(): Promise<OpenAPIBackend> {
  backend ??= new OpenAPIBackend({
    definition: structuredClone(openApiDocument()) as unknown as Document,
    validate: true,
    // Quick skips openapi-backend's check of the document itself, which knows OpenAPI 3.0 only
    // (Redocly lints this 3.1 document: npm run openapi:lint); schemas are compiled as first used.
    quick: true,
    strict: true,
    // The API refuses a trailing slash (404); the router must not forgive one either.
    ignoreTrailingSlashes: false,
    customizeAjv: (ajv) => {
      addFormats(ajv);
      return ajv;
    },
  }).init();
  return backend;
}

export interface AnswerToCheck {
  method: string;
  pathname: string;
  status: number;
  headers: Headers;
  /** The parsed JSON body, or undefined for raw bytes and streams (their media type is checked by contract.ts). */
  json: unknown;
}

/** openapi-backend's objections to one answer; none when it conforms or its path is not in the document. */
export async function thirdPartyProblems(answer: AnswerToCheck): Promise<string[]> {
  const api = await documentBackend();
  const operation = api.router.matchOperation({ method: answer.method.toLowerCase(), path: answer.pathname, headers: {} });
  // An undocumented path or method: contract.ts requires the adapter's 404 or 405 for it.
  if (!operation) return [];
  const what = `${answer.method} ${answer.pathname} -> ${answer.status} (openapi-backend)`;
  const problems: string[] = [];
  if (answer.json !== undefined) {
    const body = api.validator.validateResponse(answer.json, operation, answer.status);
    for (const error of body.errors ?? []) problems.push(`${what}: ${error.instancePath || '(body)'} ${error.message ?? 'is not valid'}`);
  }
  const headers = api.validator.validateResponseHeaders(Object.fromEntries(answer.headers), operation, { statusCode: answer.status });
  for (const error of headers.errors ?? []) problems.push(`${what}: header ${error.instancePath} ${error.message ?? 'is not valid'}`);
  return problems;
}
