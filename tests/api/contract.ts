import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { openApiDocument } from '../../app/api/v1/_rest/openapi';
import { thirdPartyProblems } from './third-party-contract';

/**
 * The contract check of the REST tests: every response the test harness gets from the adapter is
 * validated against the published OpenAPI document (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses),
 * so the document cannot drift from what the API answers. A response that does not match fails
 * the test that made the request.
 */
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
}
interface ResponseObject {
  $ref?: string;
  content?: Record<string, { schema: unknown }>;
}

const DOCUMENT_ID = 'corridor-openapi.json';

/** JSON Pointer escaping of one reference token (RFC 6901). */
const escape = (token: string) => token.replaceAll('~', '~0').replaceAll('/', '~1');

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

/** The document loaded once as a schema, so `#/components/...` references resolve inside it. */
function compiler(): Ajv2020 {
  if (ajv) return ajv;
  ajv = new Ajv2020({ allErrors: true, strict: false, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema({ ...openApiDocument(), $id: DOCUMENT_ID });
  return ajv;
}

function validatorAt(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (!validate) {
    validate = compiler().compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
    validators.set(pointer, validate);
  }
  return validate;
}

/** The documented path template a concrete path falls under, e.g. /api/v1/withdrawals/{orderNo}. */
function templateOf(document: OpenApiDocument, pathname: string): string | undefined {
  const segments = pathname.split('/');
  return Object.keys(document.paths).find((template) => {
    const parts = template.split('/');
    return parts.length === segments.length && parts.every((part, i) => (/^\{.+\}$/.test(part) ? segments[i] !== '' : part === segments[i]));
  });
}

export interface ExchangeToCheck {
  method: string;
  /** The URL path as sent, e.g. /api/v1/withdrawals/WD123. */
  pathname: string;
  status: number;
  contentType: string | null;
  body: string;
}

/**
 * The problems of one response against the document, none when it conforms. A documented path
 * and method must list the status (exactly, or as 4XX/5XX, or `default`) and the body must match
 * its schema; a path or method the document does not have must be the adapter's 404 NOT_FOUND or
 * 405 METHOD_NOT_ALLOWED in the Error shape. A body that is not JSON (a proof image) must be of a
 * media type the document lists for that status.
 */
export function contractProblems(exchange: ExchangeToCheck): string[] {
  const document = openApiDocument() as unknown as OpenApiDocument;
  const what = `${exchange.method} ${exchange.pathname} -> ${exchange.status}`;
  const media = exchange.contentType?.split(';')[0]?.trim().toLowerCase();
  if (media && media !== 'application/json') {
    const template = templateOf(document, exchange.pathname);
    const responses = template ? document.paths[template]?.[exchange.method.toLowerCase()]?.responses : undefined;
    if (responses?.[String(exchange.status)]?.content?.[media]) return [];
  }
  let body: unknown;
  try {
    body = exchange.body === '' ? undefined : JSON.parse(exchange.body);
  } catch {
    return [`${what}: the body is not JSON`];
  }
  if (!exchange.contentType?.startsWith('application/json')) return [`${what}: content-type is ${exchange.contentType ?? 'missing'}, not application/json`];

  const template = templateOf(document, exchange.pathname);
  const operation = template ? document.paths[template]?.[exchange.method.toLowerCase()] : undefined;
  if (!template || !operation) {
    const expected = template ? { status: 405, code: 'METHOD_NOT_ALLOWED' } : { status: 404, code: 'NOT_FOUND' };
    const problems = check('/components/schemas/Error', body, what);
    const code = (body as { error?: { code?: string } } | undefined)?.error?.code;
    if (exchange.status !== expected.status || code !== expected.code) {
      problems.push(`${what}: an undocumented ${template ? 'method' : 'path'} must answer ${expected.status} ${expected.code}, not ${exchange.status} ${code}`);
    }
    return problems;
  }

  const statusKey = [String(exchange.status), `${String(exchange.status).charAt(0)}XX`, 'default'].find((key) => key in operation.responses);
  if (!statusKey) return [`${what}: status ${exchange.status} is not documented for ${exchange.method} ${template}`];
  const operationPointer = `/paths/${escape(template)}/${exchange.method.toLowerCase()}/responses/${escape(statusKey)}`;
  const response = operation.responses[statusKey]!;
  const pointer = response.$ref ? response.$ref.replace(/^#/, '') : operationPointer;
  const content = response.$ref ? undefined : response.content;
  if (!response.$ref && !content?.['application/json']) return [`${what}: the document gives no JSON body for this status`];
  return check(`${pointer}/content/application~1json/schema`, body, what);
}

function check(pointer: string, body: unknown, what: string): string[] {
  const validate = validatorAt(pointer);
  if (validate(body)) return [];
  return (validate.errors ?? []).map((error) => `${what}: ${error.instancePath || '(body)'} ${error.message ?? 'is not valid'} (${error.schemaPath})`);
}

/**
 * The problems of a streamed response (a CSV export): the document must give this media type for
 * the status. Its body is a string by the document, so it is not read here: a test reading a large
 * export through the harness must see the stream itself, not a copy buffered for the check.
 */
function streamedContractProblems(exchange: Omit<ExchangeToCheck, 'body'>): string[] {
  const document = openApiDocument() as unknown as OpenApiDocument;
  const what = `${exchange.method} ${exchange.pathname} -> ${exchange.status}`;
  const mediaType = (exchange.contentType ?? '').split(';')[0]!.trim();
  const template = templateOf(document, exchange.pathname);
  const operation = template ? document.paths[template]?.[exchange.method.toLowerCase()] : undefined;
  const content = operation?.responses[String(exchange.status)]?.content;
  return content?.[mediaType] ? [] : [`${what}: the document gives no ${mediaType} body for this status`];
}

/**
 * Checks a response from the adapter and returns it untouched (its body is read from a clone);
 * throws when it breaks the document, which fails the test that made the request.
 */
export async function checkedResponse(method: string, url: string, response: Response): Promise<Response> {
  const contentType = response.headers.get('content-type');
  if (contentType?.startsWith('text/csv')) {
    const problems = streamedContractProblems({ method, pathname: new URL(url).pathname, status: response.status, contentType });
    if (problems.length > 0) throw new Error(`The response breaks the OpenAPI document:\n${problems.join('\n')}`);
    return response;
  }
  const pathname = new URL(url).pathname;
  const body = await response.clone().text();
  const problems = contractProblems({ method, pathname, status: response.status, contentType, body });
  const json = contentType?.startsWith('application/json') && body !== '' ? (JSON.parse(body) as unknown) : undefined;
  if (problems.length === 0) problems.push(...(await thirdPartyProblems({ method, pathname, status: response.status, headers: response.headers, json })));
  if (problems.length > 0) throw new Error(`The response breaks the OpenAPI document:\n${problems.join('\n')}`);
  return response;
}
