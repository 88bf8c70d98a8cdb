import { z } from 'zod';
import { apiKeyCreatedResponse, apiKeyListResponse, apiKeyView, createApiKeyInput } from '../../../../server/api-keys/api-key.schema';
import { API_KEY_SCOPES, scopeDescriptions } from '../../../../server/api-keys/scopes';
import { merchantBalanceResponse } from '../../../../server/balances/merchant-balance.schema';
import { evidenceFileView, evidenceItemView, evidenceListResponse } from '../../../../server/disputes/dispute-evidence.schema';
import { payinDisputeResolvedData, payoutDisputeResolvedData } from '../../../../server/disputes/dispute-resolution.schema';
import { disputeResolution, payinDisputeResolution } from '../../../../server/rulings/resolution.schema';
import { statementEntry, statementPageResponse } from '../../../../server/balances/statement.schema';
import { errorCodes, type ErrorCode } from '../../../../server/errors';
import { merchantEventListResponse, merchantEventResponse } from '../../../../server/outbox/merchant-event.schema';
import { heartbeatInput, heartbeatResponse, notificationInput, notificationResponse } from '../../../../server/notifications/notification.schema';
import { createPayinInput } from '../../../../server/payins/payin.schema';
import { payinCreateResponse, payinDetailResponse, payinListItem, payinListResponse } from '../../../../server/payins/payin-view.schema';
import { traderPayinListResponse } from '../../../../server/payins/trader-payin-list.schema';
import { openTaskListResponse, openTaskView } from '../../../../server/payouts/open-task-view.schema';
import { createPayoutInput, payoutDecisionInput } from '../../../../server/payouts/payout.schema';
import { orderCancelInput } from '../../../../server/validation/order-cancel.schema';
import { payoutCreateResponse, payoutDecisionResponse, payoutDetailResponse, payoutListResponse } from '../../../../server/payouts/payout-view.schema';
import { payoutProofListResponse, payoutWithProofs } from '../../../../server/proofs/payout-proof.schema';
import { deliveryAttemptView, deliveryListResponse, deliveryQueuedResponse, deliveryView } from '../../../../server/webhooks/delivery-view.schema';
import { rotateWebhookSecretInput, setWebhookEndpointBody, webhookEndpointSetResponse, webhookEndpointView, webhookSecretRotatedResponse } from '../../../../server/webhooks/webhook-endpoint.schema';
import { eventDataOf, eventDescriptions, eventEnvelope, testEventData, webhookEventTypes } from '../../../../server/webhooks/event.schema';
import { depositResponse } from '../../../../server/deposits/deposit.schema';
import { depositAddressResponse, depositListResponse } from '../../../../server/deposits/list-deposits.schema';
import { payoutCompletedEventExample } from './openapi-examples';
import { jsonResponse } from './responses';
import { errorsOf, openApiPathOf, paramNamesOf, type Route, type RouteTag } from './route-definition';

export { openApiPathOf } from './route-definition';
import { routes } from './routes';
import { withdrawalAddressListResponse, withdrawalAddressResponse } from '../../../../server/withdrawals/address-book/withdrawal-address.schema';
import { requestWithdrawalInput, withdrawalChainsResponse, withdrawalListResponse, withdrawalResponse } from '../../../../server/withdrawals/withdrawal.schema';

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the route table (routes.ts) and the zod
 * schemas the adapter validates with, so the description and the code cannot disagree
 * (docs/api.md, "Endpoints"). The REST tests validate every response they get against it
 * (tests/api/contract.ts), and the Node client's types are generated from it.
 */
type JsonSchema = Record<string, unknown>;

/** The document's own route: public, answered before any route of the table (handler.ts). */
export const DOCUMENT_PATH = 'openapi.json';

/**
 * The error body of docs/errors.md. `status` is the one field a REST error adds beside `code`:
 * the order's current status, on INVALID_ORDER_STATE.
 */
const errorBody = z.object({
  error: z.object({
    code: z.enum(Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]]).describe('stable: branch on it (docs/errors.md)'),
    message: z.string().describe('for people; may change'),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional().describe('one entry per broken rule, on VALIDATION_FAILED'),
    status: z.string().optional().describe("INVALID_ORDER_STATE only: the order's current status"),
    requestId: z.string().describe('equals the X-Request-Id header'),
  }),
});

/** Names of the schemas the document lists under components (responses are `output`, bodies `input`). */
const outputSchemas: [z.ZodType, string][] = [
  [errorBody, 'Error'],
  [payoutCreateResponse, 'PayoutCreated'],
  [payoutDetailResponse, 'Payout'],
  [payoutListResponse, 'PayoutList'],
  [disputeResolution, 'DisputeResolution'],
  [payoutDisputeResolvedData, 'PayoutDisputeResolved'],
  [payoutDecisionResponse, 'PayoutDecision'],
  [payoutProofListResponse, 'PayoutProofList'],
  [payoutWithProofs, 'PayoutWithProofs'],
  [evidenceFileView, 'DisputeEvidenceFile'],
  [evidenceItemView, 'DisputeEvidence'],
  [evidenceListResponse, 'DisputeEvidenceList'],
  [payinCreateResponse, 'PayinCreated'],
  [payinListItem, 'PayinListItem'],
  [payinDetailResponse, 'Payin'],
  [payinDisputeResolution, 'PayinDisputeResolution'],
  [payinDisputeResolvedData, 'PayinDisputeResolved'],
  [payinListResponse, 'PayinList'],
  [deliveryAttemptView, 'WebhookDeliveryAttempt'],
  [deliveryView, 'WebhookDelivery'],
  [deliveryListResponse, 'WebhookDeliveryList'],
  [deliveryQueuedResponse, 'WebhookDeliveryQueued'],
  [webhookEndpointView, 'WebhookEndpoint'],
  [webhookEndpointSetResponse, 'WebhookEndpointSet'],
  [webhookSecretRotatedResponse, 'WebhookSecretRotated'],
  [openTaskView, 'TraderTask'],
  [openTaskListResponse, 'TraderTaskList'],
  [traderPayinListResponse, 'TraderPayinList'],
  [notificationResponse, 'BankNotification'],
  [heartbeatResponse, 'ListenerHeartbeat'],
  [testEventData, 'TestEventData'],
  [merchantBalanceResponse, 'Balance'],
  [depositAddressResponse, 'DepositAddress'],
  [depositResponse, 'Deposit'],
  [depositListResponse, 'DepositList'],
  [withdrawalResponse, 'WalletWithdrawal'],
  [withdrawalListResponse, 'WalletWithdrawalList'],
  [withdrawalAddressResponse, 'WithdrawalAddress'],
  [withdrawalAddressListResponse, 'WithdrawalAddressList'],
  [withdrawalChainsResponse, 'WithdrawalChainList'],
  [statementEntry, 'StatementEntry'],
  [statementPageResponse, 'StatementPage'],
  [merchantEventResponse, 'Event'],
  [merchantEventListResponse, 'EventList'],
  [apiKeyView, 'ApiKey'],
  [apiKeyCreatedResponse, 'ApiKeyCreated'],
  [apiKeyListResponse, 'ApiKeyList'],
];
const inputSchemas: [z.ZodType, string][] = [
  [createPayoutInput, 'CreatePayoutRequest'],
  [payoutDecisionInput, 'PayoutDecisionRequest'],
  [orderCancelInput, 'CancelOrderRequest'],
  [createPayinInput, 'CreatePayinRequest'],
  [setWebhookEndpointBody, 'SetWebhookEndpointRequest'],
  [rotateWebhookSecretInput, 'RotateWebhookSecretRequest'],
  [createApiKeyInput, 'CreateApiKeyRequest'],
  [requestWithdrawalInput, 'RequestWalletWithdrawalRequest'],
  [notificationInput, 'BankNotificationRequest'],
  [heartbeatInput, 'ListenerHeartbeatRequest'],
];

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** JSON Schema (2020-12, the dialect of OpenAPI 3.1) without the keys a standalone schema carries. */
function bare(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

/**
 * A zod schema as a reference when it is one of the named component schemas, else inline (path
 * and query parameters), with the descriptions its fields carry.
 */
function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const named = (io === 'output' ? outputSchemas : inputSchemas).find(([candidate]) => candidate === schema);
  if (named) return ref(named[1]);
  return bare(z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema);
}

/**
 * The text rule (server/validation/text-rule.ts) as the document states it: the adapter refuses,
 * in any query value and any string or key of a JSON body, a C0 control character other than tab,
 * line feed and carriage return, DEL and a lone UTF-16 surrogate (JSON Schema patterns are
 * Unicode regular expressions, where a surrogate pair is one character).
 */
const TEXT_RULE = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F\\uD800-\\uDFFF]*$';

/** Every string of an input schema with the text rule added (beside a pattern it has). */
function withTextRule(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withTextRule);
  if (node === null || typeof node !== 'object') return node;
  const schema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withTextRule(value)])) as JsonSchema;
  if (schema.type !== 'string' || schema.enum !== undefined || schema.const !== undefined) return schema;
  if (schema.format === 'date-time' || schema.format === 'date' || schema.format === 'uuid') return schema;
  if (schema.pattern === undefined) return { ...schema, pattern: TEXT_RULE };
  return { ...schema, allOf: [...((schema.allOf as JsonSchema[] | undefined) ?? []), { pattern: TEXT_RULE }] };
}

/** Every named schema, each referring to the others by $ref. */
function componentSchemas(): Record<string, JsonSchema> {
  const all: Record<string, JsonSchema> = {};
  for (const [io, list] of [['output', outputSchemas], ['input', inputSchemas]] as const) {
    const registry = z.registry<{ id: string }>();
    for (const [schema, id] of list) registry.add(schema, { id });
    const { schemas } = z.toJSONSchema(registry, { io, unrepresentable: 'any', uri: (id) => `#/components/schemas/${id}` }) as { schemas: Record<string, JsonSchema> };
    for (const [id, schema] of Object.entries(schemas)) all[id] = io === 'input' ? (withTextRule(bare(schema)) as JsonSchema) : bare(schema);
  }
  for (const type of webhookEventTypes) all[eventSchemaName(type)] = eventSchema(type);
  return all;
}

/** `payout.proof_submitted` -> PayoutProofSubmittedEvent. */
export function eventSchemaName(type: string): string {
  return `${type.split(/[._]/).map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')}Event`;
}

function eventSchema(type: string): JsonSchema {
  const envelope = bare(z.toJSONSchema(eventEnvelope(type, z.null()), { io: 'output' }) as JsonSchema);
  const properties = envelope.properties as Record<string, JsonSchema>;
  const dataName = outputSchemas.find(([schema]) => schema === eventDataOf(type))![1];
  return { ...envelope, description: eventDescriptions[type], properties: { ...properties, data: ref(dataName) } };
}

const signingRule = 'hex HMAC-SHA256(secret, timestamp + "\\n" + nonce + "\\n" + METHOD + "\\n" + pathAndQuery + "\\n" + sha256hex(body)), docs/api.md "Signing a request".';

/** The signed-request headers as security schemes: all four together authenticate a call. */
const securitySchemes = {
  merchantKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Key',
    description: `A merchant API key id. Every call also carries X-Timestamp, X-Nonce and X-Signature. A route lists the scopes it needs; a key lacking one gets 403 INSUFFICIENT_SCOPE (docs/api.md, "API keys and scopes"). Scopes: ${API_KEY_SCOPES.map((scope) => `${scope} (${scopeDescriptions[scope]})`).join('; ')}.`,
  },
  traderKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: "A trader API key id (the trader API, for bots). Every call also carries X-Timestamp, X-Nonce and X-Signature." },
  timestamp: { type: 'apiKey', in: 'header', name: 'X-Timestamp', description: 'Milliseconds since the epoch; within 300 s of server time.' },
  nonce: { type: 'apiKey', in: 'header', name: 'X-Nonce', description: '16 to 64 characters of [A-Za-z0-9_-], used once per key.' },
  signature: { type: 'apiKey', in: 'header', name: 'X-Signature', description: signingRule },
  webhookSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'webhook-signature',
    description: 'Standard Webhooks: v1,<base64 HMAC-SHA256(key, webhook-id + "." + webhook-timestamp + "." + body)>, key = the base64 part of your whsec_ secret (docs/webhooks.md, "Verifying the signature").',
  },
};

/**
 * A route's security requirement; the key scheme carries the route's scopes, all of which a key
 * needs (handler.ts). A signed-url route has none: its query parameters are the grant.
 */
function securityOf(route: Route) {
  if (route.auth === 'signed-url') return [];
  return [{ [route.auth === 'merchant' ? 'merchantKey' : 'traderKey']: [...route.scopes], timestamp: [], nonce: [], signature: [] }];
}

const requestIdHeader = { 'X-Request-Id': { description: 'The id of this answer, also in an error body and the server log.', schema: { type: 'string' } } };
const retryAfterHeader = { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } };

/**
 * What the HTTP server refuses before any route sees the request (app/api/v1/_rest/node-listener.ts,
 * client-errors.ts): it can meet any call, so every operation lists it as 4XX.
 */
const refusedRequest = {
  description: 'MALFORMED_REQUEST, REQUEST_TIMEOUT, HEADERS_TOO_LARGE: the HTTP request itself was refused before routing; the connection is closed (docs/errors.md).',
  headers: requestIdHeader,
  content: {
    'application/json': {
      schema: { allOf: [ref('Error'), { type: 'object', properties: { error: { type: 'object', properties: { code: { enum: ['MALFORMED_REQUEST', 'REQUEST_TIMEOUT', 'HEADERS_TOO_LARGE'] } } } } }] },
    },
  },
};
const refusedRequestRef = { '4XX': { $ref: '#/components/responses/RefusedRequest' } };

/** One response per status the route can answer with an error, each limited to that status's codes. */
function errorResponses(route: Route): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorsOf(route)) byStatus.set(errorCodes[code], [...(byStatus.get(errorCodes[code]) ?? []), code]);
  const sorted = [...byStatus].sort(([a], [b]) => a - b);
  return Object.fromEntries(
    sorted.map(([status, codes]) => [
      String(status),
      {
        description: codes.join(', '),
        headers: status === 429 || status === 503 ? { ...requestIdHeader, ...retryAfterHeader } : requestIdHeader,
        content: {
          'application/json': {
            schema: { allOf: [ref('Error'), { type: 'object', properties: { error: { type: 'object', properties: { code: { enum: codes } } } } }] },
          },
        },
      },
    ]),
  );
}

/** Path and query parameters from the route's zod schemas, as a client sends them. */
function parametersOf(route: Route): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  const fromObject = (schema: z.ZodType | undefined, location: 'path' | 'query') => {
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

function requestBodyOf(route: Route): JsonSchema | undefined {
  if (!route.body) return undefined;
  if (route.body.kind === 'multipart') {
    return { required: true, description: route.body.description, content: { 'multipart/form-data': { schema: route.body.schema } } };
  }
  const media: JsonSchema = { schema: withTextRule(schemaOf(route.body.schema, 'input')) };
  if (route.body.example !== undefined) media.example = route.body.example;
  return { required: route.body.optional !== true, content: { 'application/json': media } };
}

/** The success body: JSON from the route's schema, or raw bytes of each declared media type. */
function successContentOf(route: Route): JsonSchema {
  if (route.success.media) {
    return Object.fromEntries(route.success.media.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]));
  }
  const success: JsonSchema = { schema: schemaOf(route.success.schema, 'output') };
  if (route.success.example !== undefined) success.example = route.success.example;
  return { 'application/json': success };
}

function operationOf(route: Route): JsonSchema {
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
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    security: securityOf(route),
    parameters: parametersOf(route),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      [String(route.success.status)]: { description: route.success.description, headers: successHeaders, content: { ...successContentOf(route), ...streamed } },
      ...errorResponses(route),
      ...refusedRequestRef,
    },
  };
}


function webhookOf(type: string): JsonSchema {
  return {
    post: {
      operationId: `webhook_${type.replace(/\./g, '_')}`,
      tags: ['Webhook events'],
      summary: type,
      description: `${eventDescriptions[type]} Delivered at least once, signed as Standard Webhooks (docs/webhooks.md).`,
      security: [{ webhookSignature: [] }],
      parameters: [
        { name: 'webhook-id', in: 'header', required: true, description: 'The event id: the same on every retry; drop duplicates by it.', schema: { type: 'string' } },
        { name: 'webhook-timestamp', in: 'header', required: true, description: 'Seconds since the epoch; refuse one more than 5 minutes old.', schema: { type: 'string', pattern: '^\\d+$' } },
      ],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: ref(eventSchemaName(type)), ...(type === payoutCompletedEventExample.type ? { example: payoutCompletedEventExample } : {}) } },
      },
      responses: {
        '200': { description: 'Any 2xx within 10 seconds acknowledges the event.' },
        default: { description: 'Any other answer (or none) is retried: after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h.' },
      },
    },
  };
}

const tags: { name: RouteTag | 'Document' | 'Webhook events'; description: string }[] = [
  { name: 'Balance', description: 'Your USDT: available, frozen for payouts in flight, pending from paid pay-ins (docs/api.md, "Balance").' },
  { name: 'Reports', description: 'Your settlement report per UTC day, signed by the platform with Ed25519, as JSON, CSV or PDF, and the keys that verify it (docs/api.md, "Settlement reports").' },
  { name: 'Wallet', description: 'USDT in from a blockchain: your deposit address per chain and your deposits, credited once final (docs/api.md, "Deposits"; docs/wallet.md).' },
  { name: 'Payouts', description: 'USDT out to a bank account in CNY: a trader pays the recipient (docs/api.md, "Payouts").' },
  { name: 'Pay-ins', description: 'CNY in from a buyer, credited as USDT (docs/api.md, "Pay-ins").' },
  { name: 'Events', description: 'Every event emitted for you, with the body its webhook carried, to reconcile after an outage (docs/api.md, "Events").' },
  { name: 'Webhooks', description: 'Your endpoint and its signing secret, the delivery log of your events, re-sending and a test event (docs/webhooks.md).' },
  { name: 'API keys', description: 'Your API keys: list, create with scopes, expiry and IP allowlist, revoke (docs/api.md, "API keys and scopes").' },
  { name: 'Trader API', description: 'For traders\' bots, with a trader API key (docs/api.md, "Trader API (bots)").' },
  { name: 'Document', description: 'This document.' },
  { name: 'Webhook events', description: 'What Corridor POSTs to your endpoint: { id, type, createdAt, data }, data being the order as its detail endpoint returns it.' },
];

export function buildDocument(): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = openApiPathOf(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route) };
  }
  paths[openApiPathOf(DOCUMENT_PATH)] = {
    get: {
      operationId: 'getOpenApiDocument',
      tags: ['Document'],
      summary: 'This OpenAPI document',
      description: 'Public: no signature needed.',
      security: [],
      responses: {
        '200': { description: 'The OpenAPI 3.1 document of /api/v1', headers: requestIdHeader, content: { 'application/json': { schema: { type: 'object' } } } },
        '500': { description: 'INTERNAL_ERROR', headers: requestIdHeader, content: { 'application/json': { schema: ref('Error') } } },
        ...refusedRequestRef,
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Corridor API',
      version: '1.0.0',
      description:
        'Payouts and pay-ins between merchants, traders and buyers. Every call is signed with an API key (docs/api.md, "Authentication"); merchant keys call the merchant routes, trader keys the trader API. A merchant route lists the scopes it needs; a key lacking any of them gets 403 INSUFFICIENT_SCOPE, and keys issued without scopes hold them all.',
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    servers: [{ url: '/', description: 'The Corridor deployment serving this document' }],
    tags,
    paths,
    webhooks: Object.fromEntries(webhookEventTypes.map((type) => [type, webhookOf(type)])),
    components: { schemas: componentSchemas(), responses: { RefusedRequest: refusedRequest }, securitySchemes },
  };
}

let document: JsonSchema | undefined;

/** The document, built once per process. */
export function openApiDocument(): JsonSchema {
  document ??= buildDocument();
  return document;
}

/** GET /api/v1/openapi.json: public, no signature needed. */
export function openApiResponse(requestId: string): Response {
  return jsonResponse(requestId, 200, openApiDocument());
}
