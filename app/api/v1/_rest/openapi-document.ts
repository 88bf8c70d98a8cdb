import type { OpenAPIHono } from '@hono/zod-openapi';
import { API_KEY_SCOPES, scopeDescriptions } from '../../../../server/api-keys/scopes';
import { eventDescriptions, webhookEventTypes } from '../../../../server/webhooks/event.schema';
import type { RestEnv } from './context';
import { payoutCompletedEventExample } from './openapi-examples';
import { errorWithCodes, refusedRequestRef, requestIdHeader } from './openapi-operation';
import { componentSchemas, eventSchemaName, ref } from './openapi-schemas';
import { openApiPathOf, type RouteTag } from './route-definition';

/**
 * What the OpenAPI document of /api/v1 holds beside the routes' own createRoute configs, as entries
 * of the app's OpenAPI registry: the component schemas (openapi-schemas.ts), the response every
 * operation can meet before routing, the signed-request headers as security schemes, the webhooks
 * and the document's own path. The library (`getOpenAPI31Document`) assembles the document from
 * the registry and the object below (docs/api.md, "Endpoints").
 */

/** The document's own route: public, answered before any route of the table (app.ts). */
export const DOCUMENT_PATH = 'openapi.json';

const signingRule = 'hex HMAC-SHA256(secret, timestamp + "\\n" + nonce + "\\n" + METHOD + "\\n" + pathAndQuery + "\\n" + sha256hex(body)), docs/api.md "Signing a request".';

/** The signed-request headers as security schemes: all four together authenticate a call. */
const securitySchemes = {
  merchantKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Key',
    description: `A merchant API key id. Every call also carries X-Timestamp, X-Nonce and X-Signature. A route lists the scopes it needs; a key lacking one gets 403 INSUFFICIENT_SCOPE (docs/api.md, "API keys and scopes"). Scopes: ${API_KEY_SCOPES.map((scope) => `${scope} (${scopeDescriptions[scope]})`).join('; ')}.`,
  },
  traderKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'A trader API key id (the trader API, for bots). Every call also carries X-Timestamp, X-Nonce and X-Signature.' },
  timestamp: { type: 'apiKey', in: 'header', name: 'X-Timestamp', description: 'Milliseconds since the epoch; within 300 s of server time.' },
  nonce: { type: 'apiKey', in: 'header', name: 'X-Nonce', description: '16 to 64 characters of [A-Za-z0-9_-], used once per key.' },
  signature: { type: 'apiKey', in: 'header', name: 'X-Signature', description: signingRule },
  webhookSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'webhook-signature',
    description: 'Standard Webhooks: v1,<base64 HMAC-SHA256(key, webhook-id + "." + webhook-timestamp + "." + body)>, key = the base64 part of your whsec_ secret (docs/webhooks.md, "Verifying the signature").',
  },
} as const;

/**
 * What the HTTP server refuses before any route sees the request (node-listener.ts,
 * client-errors.ts): it can meet any call, so every operation lists it as 4XX.
 */
const refusedRequest = {
  description: 'MALFORMED_REQUEST, REQUEST_TIMEOUT, HEADERS_TOO_LARGE: the HTTP request itself was refused before routing; the connection is closed (docs/errors.md).',
  headers: requestIdHeader,
  content: { 'application/json': { schema: errorWithCodes(['MALFORMED_REQUEST', 'REQUEST_TIMEOUT', 'HEADERS_TOO_LARGE']) } },
};

/** What Corridor POSTs to a merchant's endpoint for one event type. */
function webhookOf(type: string) {
  return {
    method: 'post' as const,
    path: type,
    operationId: `webhook_${type.replace(/\./g, '_')}`,
    tags: ['Webhook events'],
    summary: type,
    description: `${eventDescriptions[type]} Delivered at least once, signed as Standard Webhooks (docs/webhooks.md).`,
    security: [{ webhookSignature: [] }],
    parameters: [
      { name: 'webhook-id', in: 'header' as const, required: true, description: 'The event id: the same on every retry; drop duplicates by it.', schema: { type: 'string' as const } },
      { name: 'webhook-timestamp', in: 'header' as const, required: true, description: 'Seconds since the epoch; refuse one more than 5 minutes old.', schema: { type: 'string' as const, pattern: '^\\d+$' } },
    ],
    requestBody: {
      required: true,
      content: { 'application/json': { schema: ref(eventSchemaName(type)), ...(type === payoutCompletedEventExample.type ? { example: payoutCompletedEventExample } : {}) } },
    },
    responses: {
      '200': { description: 'Any 2xx within 10 seconds acknowledges the event.' },
      default: { description: 'Any other answer (or none) is retried: after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h.' },
    },
  };
}

/** GET /api/v1/openapi.json, which the app answers outside the route table. */
const documentOperation = {
  method: 'get' as const,
  path: openApiPathOf(DOCUMENT_PATH),
  operationId: 'getOpenApiDocument',
  tags: ['Document'],
  summary: 'This OpenAPI document',
  description: 'Public: no signature needed.',
  security: [],
  responses: {
    '200': { description: 'The OpenAPI 3.1 document of /api/v1', headers: requestIdHeader, content: { 'application/json': { schema: { type: 'object' as const } } } },
    '500': { description: 'INTERNAL_ERROR', headers: requestIdHeader, content: { 'application/json': { schema: ref('Error') } } },
    ...refusedRequestRef,
  },
};

/** Registers everything of the document that is not a route of the table. */
export function registerDocumentParts(registry: OpenAPIHono<RestEnv>['openAPIRegistry']): void {
  for (const [name, schema] of Object.entries(componentSchemas())) registry.registerComponent('schemas', name, schema);
  registry.registerComponent('responses', 'RefusedRequest', refusedRequest);
  for (const [name, scheme] of Object.entries(securitySchemes)) registry.registerComponent('securitySchemes', name, scheme);
  registry.registerPath(documentOperation);
  for (const type of webhookEventTypes) registry.registerWebhook(webhookOf(type));
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
  { name: 'Trader API', description: "For traders' bots, with a trader API key (docs/api.md, \"Trader API (bots)\")." },
  { name: 'Document', description: 'This document.' },
  { name: 'Webhook events', description: 'What Corridor POSTs to your endpoint: { id, type, createdAt, data }, data being the order as its detail endpoint returns it.' },
];

/** The document's own fields, beside what the registry holds. */
export const documentObject = {
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
};
