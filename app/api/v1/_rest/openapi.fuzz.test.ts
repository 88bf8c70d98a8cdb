import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureFor } from '../../../../clients/node/corridor-client';
import { canonicalRange } from '../../../../server/api-keys/ip-allowlist';
import { issueApiKey } from '../../../../server/api-keys/issue-api-key';
import { API_KEY_SCOPES } from '../../../../server/api-keys/scopes';
import { resetRateLimits } from '../../../../server/rate-limit/token-bucket';
import { apiDatabase, apiMerchant, BASE_URL, inProcessFetch, payoutTrader, type TestMerchant } from '../../../../tests/api/api-harness';
import { documentBackend } from '../../../../tests/api/third-party-contract';
import type { TestDatabase } from '../../../../tests/db/test-database';

/**
 * The document is exactly as strict as the server: for every operation of the generated OpenAPI
 * document, requests are generated from its own schemas, valid ones and ones broken in one place,
 * and each is judged twice: by openapi-backend reading the document, and by the server. A request
 * the document allows never gets VALIDATION_FAILED; one it forbids always does. Refusals the
 * document cannot express (an unknown order, a short balance) keep their own codes.
 *
 * CORRIDOR_FUZZ_RUNS sets the requests per operation (CI runs few; run more locally when a schema changes).
 */
const RUNS = Number(process.env.CORRIDOR_FUZZ_RUNS ?? (process.env.CI ? 8 : 24));

type Schema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}

interface Operation {
  operationId: string;
  method: string;
  path: string;
  parameters?: Parameter[];
  security?: Record<string, string[]>[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
}

interface FuzzRequest {
  path: Record<string, string>;
  query: Record<string, string>;
  /** undefined: no body is sent. */
  body: unknown;
}

// Control characters and a lone surrogate: the text rule's refusals (docs/api.md, "Text").
const BROKEN_TEXT = ['\u0000', '\u0007', '\u001b', '\u007f', '\ud800'];

/** Values of a JSON Schema (the subset the document uses); not always valid: the document judges. */
function valueOf(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key] as Schema[] | undefined;
    if (branches) return fc.oneof(...branches.map((branch, i) => valueOf(merged(withoutOthers(without(schema, key), branches, i), branch), depth)));
  }
  // A string's allOf holds patterns only, which stringOf reads.
  if (Array.isArray(schema.allOf) && schema.type !== 'string') {
    const [first, ...rest] = schema.allOf as Schema[];
    return valueOf([first, ...rest].reduce<Schema>((whole, part) => merged(whole, part ?? {}), without(schema, 'allOf')), depth);
  }
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : (schema.type as string | undefined);
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return fc.integer({ min: (schema.minimum as number | undefined) ?? -5, max: (schema.maximum as number | undefined) ?? 1_000_000 });
    case 'number':
      return fc.double({ min: (schema.minimum as number | undefined) ?? -5, max: (schema.maximum as number | undefined) ?? 1_000_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = (schema.minItems as number | undefined) ?? 0;
      return fc.array(valueOf((schema.items as Schema | undefined) ?? {}, depth + 1), { minLength, maxLength: Math.min((schema.maxItems as number | undefined) ?? 3, minLength + 3) });
    }
    case 'object':
      return objectOf(schema, depth);
    default:
      return fc.oneof(fc.string(), fc.integer());
  }
}

/** Two schemas one value must meet, as far as generating goes: the second's keys win, `required` lists join. */
function merged(base: Schema, extra: Schema): Schema {
  const required = [...((base.required as string[] | undefined) ?? []), ...((extra.required as string[] | undefined) ?? [])];
  return { ...base, ...extra, ...(required.length > 0 ? { required } : {}) };
}

/** For one branch of a oneOf: the properties only the other branches require are left out. */
function withoutOthers(base: Schema, branches: Schema[], chosen: number): Schema {
  if (base.properties === undefined) return base;
  const mine = new Set((branches[chosen]!.required as string[] | undefined) ?? []);
  const properties = { ...(base.properties as Record<string, Schema>) };
  for (const [i, branch] of branches.entries()) {
    if (i === chosen) continue;
    for (const name of (branch.required as string[] | undefined) ?? []) if (!mine.has(name)) delete properties[name];
  }
  return { ...base, properties };
}

function without(schema: Schema, key: string): Schema {
  const { [key]: _dropped, ...rest } = schema;
  return rest;
}

function stringOf(schema: Schema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? 24, minLength + 40);
  const patterns = [schema.pattern, ...((schema.allOf as Schema[] | undefined) ?? []).map((part) => part.pattern)];
  // The last of several patterns: the narrowest, as the schemas write them (a shape, then its bounds).
  const pattern = patterns.filter((candidate): candidate is string => typeof candidate === 'string' && !isTextRule(candidate)).at(-1);
  switch (schema.format) {
    case 'date-time': {
      // Mostly near now, where the rules about recent times bite; sometimes anywhere in range.
      const now = Date.now();
      const recent = fc.integer({ min: now - 40 * 86_400_000, max: now + 86_400_000 }).map((time) => new Date(time));
      const anywhere = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true });
      return fc.oneof(recent, anywhere).map((date) => date.toISOString());
    }
    case 'date':
      return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
    case 'uuid':
      return fc.uuid();
    case 'uri':
      return fc.webUrl({ withQueryParameters: true });
  }
  if (pattern) {
    try {
      const limit = schema.maxLength as number | undefined;
      const all = patterns.filter((candidate): candidate is string => typeof candidate === 'string').map((candidate) => new RegExp(candidate, 'u'));
      // Spaces stand for \s, which would also draw the control characters the text rule refuses.
      return fc
        .stringMatching(new RegExp(pattern.replaceAll('\\s', ' ')))
        .map((text) => (limit === undefined ? text : text.slice(0, limit)))
        .filter((text) => all.every((regex) => regex.test(text)));
    } catch {
      // A pattern fast-check cannot generate from (a lookahead): any text, judged by the document.
    }
  }
  return fc.string({ minLength, maxLength });
}

/** The text rule's pattern, which every input string carries; it shapes no value. */
const isTextRule = (pattern: string) => pattern.startsWith('^[^\\u0000');

function objectOf(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) fields[name] = valueOf(property, depth + 1);
  const known = fc.record(fields, { requiredKeys: Object.keys(properties).filter((name) => required.has(name)) });
  const extra = schema.additionalProperties;
  if (typeof extra !== 'object' || extra === null || depth > 3) return known;
  const keys = (schema.propertyNames as Schema | undefined) ?? { type: 'string', minLength: 1, maxLength: 8 };
  return fc
    .tuple(known, fc.dictionary(stringOf(keys), valueOf(extra as Schema, depth + 1), { maxKeys: 3 }))
    .map(([fixed, free]) => ({ ...free, ...fixed }));
}

/** A text that names one thing in a URL: never empty, `.` or `..`, which routing would not see as a segment. */
const segment = (value: string) => value !== '' && value !== '.' && value !== '..';

/** A valid-looking request for the operation, from its parameters' and body's schemas. */
function requestOf(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const parameters = operation.parameters ?? [];
  const group = (location: 'path' | 'query') => {
    const fields: Record<string, fc.Arbitrary<string>> = {};
    const required: string[] = [];
    const optional: string[] = [];
    for (const parameter of parameters.filter((p) => p.in === location)) {
      const values = valueOf(parameter.schema).map(String);
      fields[parameter.name] = location === 'path' ? values.filter(segment) : values;
      (location === 'path' || parameter.required ? required : optional).push(parameter.name);
    }
    // At most two optional parameters at once: each is judged, and a request with all of them
    // would seldom have every one valid.
    return fc
      .tuple(fc.record(fields), fc.subarray(optional, { maxLength: Math.min(2, optional.length) }))
      .map(([values, chosen]) => Object.fromEntries([...required, ...chosen].map((name) => [name, values[name]!])));
  };
  const json = operation.requestBody?.content['application/json'];
  const body = json ? (operation.requestBody?.required ? valueOf(json.schema) : fc.option(valueOf(json.schema), { nil: undefined })) : fc.constant(undefined);
  return fc.record({ path: group('path'), query: group('query'), body });
}

/** The request broken in one place: a field dropped, added, of the wrong type, too long or with a control character. */
function brokenOf(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const hasBody = operation.requestBody?.content['application/json'] !== undefined;
  return fc
    .tuple(requestOf(operation), fc.nat(), fc.constantFrom(...BROKEN_TEXT), fc.constantFrom<unknown>(1, -1, true, null, [], {}, '', ' ', '0', 'x'.repeat(5000)))
    .map(([request, pick, broken, wrong]) => {
      const copy = structuredClone(request);
      const queryNames = Object.keys(copy.query);
      const mutations: (() => void)[] = [
        () => (copy.query[`unknown${pick % 7}`] = 'x'),
        () => queryNames.length > 0 && (copy.query[queryNames[pick % queryNames.length]!] = String(wrong)),
        () => queryNames.length > 0 && (copy.query[queryNames[pick % queryNames.length]!] += broken === '\ud800' ? '\u0001' : broken),
      ];
      if (hasBody) {
        mutations.push(
          () => (copy.body = mutateValue(copy.body ?? {}, pick, (value) => (typeof value === 'string' ? value + broken : wrong))),
          () => (copy.body = mutateValue(copy.body ?? {}, pick, () => wrong)),
          () => (copy.body = dropField(copy.body ?? {}, pick)),
          () => (copy.body = addField(copy.body ?? {}, pick)),
          () => (copy.body = wrong),
        );
      }
      mutations[pick % mutations.length]!();
      return copy;
    });
}

/** Every path to a value inside a JSON value, the value itself first. */
function pathsIn(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  const inner =
    value !== null && typeof value === 'object'
      ? Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => pathsIn(child, [...path, Array.isArray(value) ? Number(key) : key]))
      : [];
  return [path, ...inner];
}

function mutateValue(value: unknown, pick: number, change: (old: unknown) => unknown): unknown {
  const paths = pathsIn(value).filter((path) => path.length > 0);
  if (paths.length === 0) return change(value);
  const target = paths[pick % paths.length]!;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of target.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = target[target.length - 1]!;
  parent[last] = change(parent[last]);
  return copy;
}

function dropField(value: unknown, pick: number): unknown {
  const objects = pathsIn(value).filter((path) => {
    const at = path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);
    return at !== null && typeof at === 'object' && !Array.isArray(at) && Object.keys(at).length > 0;
  });
  if (objects.length === 0) return value;
  const copy = structuredClone(value);
  const target = objects[pick % objects.length]!.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], copy) as Record<string, unknown>;
  const keys = Object.keys(target);
  delete target[keys[pick % keys.length]!];
  return copy;
}

function addField(value: unknown, pick: number): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return { ...(value as Record<string, unknown>), [`unknown${pick % 5}`]: 'x' };
}

/**
 * Rules the document states in words only, as JSON Schema cannot: a request breaking one is
 * forbidden all the same (VALIDATION_FAILED), each rule named in its parameter's description.
 */
const RULES_IN_WORDS: { rule: string; breaks: (operation: Operation, request: FuzzRequest) => boolean }[] = [
  {
    rule: 'from is not after to (the statement and the events)',
    breaks: (operation, { query }) =>
      ['listBalanceTransactions', 'listEvents'].includes(operation.operationId) &&
      query.from !== undefined && query.to !== undefined && Date.parse(query.from) > Date.parse(query.to),
  },
  {
    rule: 'startingAfter is a nextCursor an earlier page gave (an opaque cursor)',
    breaks: (operation, { query }) => ['listDeposits', 'listEvents', 'listWalletWithdrawals'].includes(operation.operationId) && query.startingAfter !== undefined,
  },
  {
    rule: 'each ipAllowlist entry is a CIDR range or an address',
    breaks: (_operation, { body }) => {
      const entries = (body as { ipAllowlist?: unknown } | undefined)?.ipAllowlist;
      return Array.isArray(entries) && entries.some((entry) => typeof entry !== 'string' || canonicalRange(entry) === null);
    },
  },
  {
    rule: 'a bank notification was received within the last 30 days',
    breaks: (_operation, { body }) => {
      const receivedAt = (body as { receivedAt?: unknown } | undefined)?.receivedAt;
      return typeof receivedAt === 'string' && !(Date.parse(receivedAt) <= Date.now() && Date.parse(receivedAt) > Date.now() - 30 * 86_400_000);
    },
  },
  {
    rule: 'expiresAt is in the future',
    breaks: (_operation, { body }) => {
      const expiresAt = (body as { expiresAt?: unknown } | undefined)?.expiresAt;
      return typeof expiresAt === 'string' && Date.parse(expiresAt) <= Date.now();
    },
  },
];

/**
 * A VALIDATION_FAILED about the merchant's state, not the request: the webhook endpoint a resend
 * or a test event needs is not set (details path webhookUrl), which no document of the request can show.
 */
const isStateRefusal = (answer: { details?: { path: string }[] }) => answer.details !== undefined && answer.details.every((detail) => detail.path === 'webhookUrl');

let database: TestDatabase;
let merchant: TestMerchant;
let trader: { apiKey: string; apiSecret: string };

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
  // Every scope granted by name: wallet:withdraw is held by no key unless named (docs/api.md).
  const everyScope = await issueApiKey(database.db, { merchantId: merchant.merchantId }, { scopes: [...API_KEY_SCOPES] });
  merchant = { ...merchant, apiKey: everyScope.keyId, apiSecret: everyScope.secret };
  const bot = await payoutTrader(database.db);
  const key = await issueApiKey(database.db, { traderId: bot.traderId });
  trader = { apiKey: key.keyId, apiSecret: key.secret };
});
afterAll(async () => {
  await database.close();
});

/** Sends the request as a client of the operation's kind would: signed with its key, or bare on a signed URL. */
async function send(operation: Operation, request: FuzzRequest): Promise<{ status: number; code: string | undefined; details?: { path: string }[] }> {
  const pathname = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(request.path[name]!));
  const search = new URLSearchParams(request.query).toString();
  const pathAndQuery = search ? `${pathname}?${search}` : pathname;
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  const headers: Record<string, string> = {};
  if (body) headers['content-type'] = 'application/json';
  if (operation.parameters?.some((parameter) => parameter.name === 'Idempotency-Key')) headers['idempotency-key'] = randomBytes(12).toString('hex');
  const scheme = Object.keys(operation.security?.[0] ?? {})[0];
  if (scheme) {
    const key = scheme === 'traderKey' ? trader : merchant;
    const timestamp = String(Date.now());
    const nonce = randomBytes(18).toString('base64url');
    Object.assign(headers, {
      'x-api-key': key.apiKey,
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-signature': signatureFor(key.apiSecret, { timestamp, nonce, method: operation.method.toUpperCase(), pathAndQuery, body }),
    });
  }
  // Every answer is also checked against the document (the harness's contract check).
  const response = await inProcessFetch(`${BASE_URL}${pathAndQuery}`, { method: operation.method.toUpperCase(), headers, body: body || undefined });
  const answer = (await response.json().catch(() => ({}))) as { error?: { code?: string; details?: { path: string }[] } };
  return { status: response.status, code: answer.error?.code, details: answer.error?.details };
}

describe('the document and the server agree on every request (generated from the document)', async () => {
  const api = await documentBackend();
  const operations = (api.getOperations() as unknown as Operation[]).filter((operation) => operation.operationId !== 'getOpenApiDocument');

  it.each(operations.map((operation) => [operation.operationId, operation] as const))('%s', { timeout: 120_000 }, async (_id, operation) => {
    // A multipart body (proof images, evidence) is read by the route itself, after the order is
    // checked: only the parameters are generated for it, and judged (its body's validator comes first).
    const multipart = operation.requestBody?.content['multipart/form-data'] !== undefined;
    const validators = api.validator.getRequestValidatorsForOperation(operation.operationId).slice(multipart ? 1 : 0);
    const documentAllows = (request: FuzzRequest) =>
      !RULES_IN_WORDS.some(({ breaks }) => breaks(operation, request)) &&
      validators.every((validate) =>
        validate({
          path: request.path,
          query: request.query,
          header: { 'idempotency-key': 'k', ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
          cookie: {},
          // A multipart body (proof images, evidence) is read by the route itself, after the order is
          // checked: only the parameters are generated for it.
          ...(request.body === undefined ? {} : { requestBody: request.body }),
        }),
      );
    const seen = { allowed: 0, forbidden: 0, lastForbidden: '' };
    const check = async (request: FuzzRequest) => {
      resetRateLimits();
      const allowed = documentAllows(request);
      seen[allowed ? 'allowed' : 'forbidden'] += 1;
      if (!allowed) seen.lastForbidden = `${JSON.stringify(request)}: ${JSON.stringify(validators.flatMap((validate) => validate.errors ?? []).slice(0, 2))}`;
      const answer = await send(operation, request);
      if (!allowed) expect(answer.code, `the document forbids ${JSON.stringify(request)}`).toBe('VALIDATION_FAILED');
      else if (!isStateRefusal(answer)) expect(answer.code, `the document allows ${JSON.stringify(request)}: ${JSON.stringify(answer.details)}`).not.toBe('VALIDATION_FAILED');
    };
    await fc.assert(fc.asyncProperty(fc.oneof(requestOf(operation), brokenOf(operation)), check), { numRuns: RUNS * 2 });
    // Both kinds, whatever the draw: a request the document allows and one it forbids are drawn
    // until found, so that no run proves only half the claim.
    if (seen.allowed === 0) await check(fc.sample(requestOf(operation).filter(documentAllows), 1)[0]!);
    if (seen.forbidden === 0) await check(fc.sample(brokenOf(operation).filter((request) => !documentAllows(request)), 1)[0]!);
    expect(seen.allowed, `requests the document allows (the last it forbade: ${seen.lastForbidden})`).toBeGreaterThan(0);
    expect(seen.forbidden, 'requests the document forbids').toBeGreaterThan(0);
  });
});
