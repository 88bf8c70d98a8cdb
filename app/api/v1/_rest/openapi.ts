import { z } from 'zod';
import { errorCodes } from '../../../../server/errors';
import { createPayoutInput, payoutDecisionInput } from '../../../../server/payouts/payout.schema';
import {
  payoutCreateResponse,
  payoutDecisionResponse,
  payoutDetailResponse,
  payoutListResponse,
} from '../../../../server/payouts/payout-view.schema';
import { payoutStatuses } from '../../../../server/state-machines/payout';
import { createPayinInput } from '../../../../server/payins/payin.schema';
import { payinCreateResponse, payinDetailResponse, payinListResponse } from '../../../../server/payins/payin-view.schema';
import { payinStatuses } from '../../../../server/state-machines/payin';
import { jsonResponse } from './responses';

type JsonSchema = Record<string, unknown>;

/** JSON Schema (2020-12, the dialect of OpenAPI 3.1) of a zod schema, as a client sends it. */
function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const errorBody = z.object({
  error: z.object({
    code: z.enum(Object.keys(errorCodes) as [string, ...string[]]),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    requestId: z.string(),
  }),
});

const authHeaders = [
  { name: 'X-Api-Key', in: 'header', required: true, schema: { type: 'string' }, description: 'Your API key id.' },
  { name: 'X-Timestamp', in: 'header', required: true, schema: { type: 'string', pattern: '^\\d+$' }, description: 'Milliseconds since the epoch; within 300 s of server time.' },
  { name: 'X-Nonce', in: 'header', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,64}$' }, description: 'Random, used once per key.' },
  {
    name: 'X-Signature',
    in: 'header',
    required: true,
    schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    description: 'hex HMAC-SHA256(secret, timestamp + "\\n" + nonce + "\\n" + METHOD + "\\n" + pathAndQuery + "\\n" + sha256hex(body)).',
  },
];

function errors(...codes: (keyof typeof errorCodes)[]) {
  const byStatus = new Map<number, string[]>();
  for (const code of ['AUTH_MISSING', 'INVALID_API_KEY', 'INVALID_SIGNATURE', 'TIMESTAMP_OUT_OF_RANGE', 'NONCE_INVALID', 'NONCE_REPLAYED', 'MERCHANT_DISABLED', 'RATE_LIMITED', 'INTERNAL_ERROR', ...codes] as const) {
    const status = errorCodes[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      { description: list.join(', '), content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    ]),
  );
}

const ok = (status: number, schema: string, description: string) => ({
  [String(status)]: { description, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } },
});

/** The query parameters both list endpoints share (docs/api.md, "List payouts" and "List pay-ins"). */
function listParameters(statuses: readonly string[]) {
  return [
    { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
    { name: 'pageSize', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
    { name: 'orderNo', in: 'query', schema: { type: 'string' } },
    { name: 'merchantOrderNo', in: 'query', schema: { type: 'string' } },
    { name: 'status', in: 'query', schema: { type: 'string' }, description: `One status or a comma-separated list of: ${statuses.join(', ')}.` },
    { name: 'from', in: 'query', schema: { type: 'string', format: 'date-time' }, description: 'Created at or after (ISO 8601), inclusive.' },
    { name: 'to', in: 'query', schema: { type: 'string', format: 'date-time' }, description: 'Created at or before (ISO 8601), inclusive.' },
  ];
}

const orderNoParam = {
  name: 'orderNo',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  description: 'The platform orderNo or your merchantOrderNo.',
};

function buildDocument(): JsonSchema {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Corridor merchant API',
      version: '1.0.0',
      description: 'Payouts and pay-ins between merchants, traders and buyers. Every request is signed (see /docs/api).',
    },
    servers: [{ url: '/' }],
    components: {
      schemas: {
        Error: schemaOf(errorBody, 'output'),
        CreatePayoutRequest: schemaOf(createPayoutInput, 'input'),
        PayoutCreated: schemaOf(payoutCreateResponse, 'output'),
        Payout: schemaOf(payoutDetailResponse, 'output'),
        PayoutList: schemaOf(payoutListResponse, 'output'),
        PayoutDecisionRequest: schemaOf(payoutDecisionInput, 'input'),
        PayoutDecision: schemaOf(payoutDecisionResponse, 'output'),
        CreatePayinRequest: schemaOf(createPayinInput, 'input'),
        PayinCreated: schemaOf(payinCreateResponse, 'output'),
        Payin: schemaOf(payinDetailResponse, 'output'),
        PayinList: schemaOf(payinListResponse, 'output'),
      },
    },
    paths: {
      '/api/v1/withdrawals': {
        post: {
          operationId: 'createPayout',
          summary: 'Create a payout',
          description: 'Freezes usdAmount + usdFeeAmount from the available balance and offers the task to traders. Give exactly one of fiatAmount and usdAmount.',
          parameters: [
            ...authHeaders,
            { name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string', minLength: 1, maxLength: 255 }, description: 'Replays return the first response with Idempotent-Replayed: true.' },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/CreatePayoutRequest' } } } },
          responses: {
            ...ok(201, 'PayoutCreated', 'Created (or replayed)'),
            ...errors(
              'VALIDATION_FAILED',
              'INVALID_JSON',
              'IDEMPOTENCY_KEY_REQUIRED',
              'DUPLICATE_MERCHANT_ORDER_NO',
              'IDEMPOTENCY_KEY_IN_USE',
              'PAYLOAD_TOO_LARGE',
              'UNSUPPORTED_MEDIA_TYPE',
              'IDEMPOTENCY_KEY_REUSED',
              'INSUFFICIENT_BALANCE',
              'NO_LIQUIDITY',
            ),
          },
        },
        get: {
          operationId: 'listPayouts',
          summary: 'List payouts',
          parameters: [
            ...authHeaders,
            ...listParameters(payoutStatuses),
          ],
          responses: { ...ok(200, 'PayoutList', 'Newest first'), ...errors('VALIDATION_FAILED') },
        },
      },
      '/api/v1/withdrawals/{orderNo}': {
        get: {
          operationId: 'getPayout',
          summary: 'Query a payout',
          parameters: [...authHeaders, orderNoParam],
          responses: { ...ok(200, 'Payout', 'The payout'), ...errors('ORDER_NOT_FOUND') },
        },
      },
      '/api/v1/withdrawals/{orderNo}/decision': {
        post: {
          operationId: 'decidePayout',
          summary: 'Confirm or dispute a payout with proof',
          parameters: [...authHeaders, orderNoParam],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/PayoutDecisionRequest' } } } },
          responses: {
            ...ok(200, 'PayoutDecision', 'COMPLETED after CONFIRM, DISPUTED after DISPUTE'),
            ...errors('VALIDATION_FAILED', 'INVALID_JSON', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE', 'ORDER_NOT_FOUND', 'INVALID_ORDER_STATE'),
          },
        },
      },
      '/api/v1/orders': {
        post: {
          operationId: 'createPayin',
          summary: 'Create a pay-in and get the checkout URL',
          description:
            'Locks a rate from the traders\' SELL quotes and escrows the matched trader\'s USDT. Give exactly one of assetAmount and fiatAmount. Without a trader able to serve it now the order waits in PENDING_MATCH (matched as soon as one can, until expiresAt).',
          parameters: [
            ...authHeaders,
            { name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', minLength: 1, maxLength: 255 }, description: 'Defaults to merchantOrderNo.' },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/CreatePayinRequest' } } } },
          responses: {
            ...ok(201, 'PayinCreated', 'Created (or replayed)'),
            ...errors('VALIDATION_FAILED', 'INVALID_JSON', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE', 'DUPLICATE_MERCHANT_ORDER_NO', 'IDEMPOTENCY_KEY_IN_USE', 'IDEMPOTENCY_KEY_REUSED', 'NO_LIQUIDITY'),
          },
        },
        get: {
          operationId: 'listPayins',
          summary: 'List pay-ins',
          parameters: [
            ...authHeaders,
            ...listParameters(payinStatuses),
            { name: 'direction', in: 'query', schema: { type: 'string', enum: ['DEPOSIT'], default: 'DEPOSIT' } },
          ],
          responses: { ...ok(200, 'PayinList', 'Newest first'), ...errors('VALIDATION_FAILED') },
        },
      },
      '/api/v1/orders/{orderNo}': {
        get: {
          operationId: 'getPayin',
          summary: 'Query a pay-in',
          parameters: [...authHeaders, orderNoParam],
          responses: { ...ok(200, 'Payin', 'The pay-in, with the detail-only fields'), ...errors('ORDER_NOT_FOUND') },
        },
      },
    },
  };
}

let document: JsonSchema | undefined;

/** GET /api/v1/openapi.json: public, no signature needed. */
export function openApiResponse(requestId: string): Response {
  document ??= buildDocument();
  return jsonResponse(requestId, 200, document);
}
