import { z } from 'zod';
import { apiKeyCreatedResponse, apiKeyListResponse, apiKeyView, createApiKeyInput } from '../../../../server/api-keys/api-key.schema';
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
import { withdrawalAddressListResponse, withdrawalAddressResponse } from '../../../../server/withdrawals/address-book/withdrawal-address.schema';
import { requestWithdrawalInput, withdrawalChainsResponse, withdrawalListResponse, withdrawalResponse } from '../../../../server/withdrawals/withdrawal.schema';

/**
 * The component schemas of the OpenAPI document: each named zod schema the routes validate with
 * or answer with, converted by zod's own JSON Schema converter (z.toJSONSchema, 2020-12, the
 * dialect of OpenAPI 3.1); openapi-document.ts registers them in the app's OpenAPI registry by name.
 *
 * Why zod's converter and not the one inside @hono/zod-openapi: that one names a schema only
 * through `.openapi('Name')`, a method the library adds to schemas created after it is loaded
 * (most of ours are created before, in server/); it describes a schema once for both directions,
 * where a body is read as its input and a response as its output (a defaulted field is always in
 * a response; a transform's output is another type); it leaves out the patterns zod publishes for
 * uuid and date-time, and refuses z.custom. The document is as strict as the validators only with
 * zod's own conversion (openapi.fuzz.test.ts holds them equal).
 */
type JsonSchema = Record<string, unknown>;

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

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** JSON Schema (2020-12, the dialect of OpenAPI 3.1) without the keys a standalone schema carries. */
function bare(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

/**
 * A zod schema as a reference when it is one of the named component schemas, else inline (path
 * and query parameters), with the descriptions its fields carry.
 */
export function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
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
export function withTextRule(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withTextRule);
  if (node === null || typeof node !== 'object') return node;
  const schema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withTextRule(value)])) as JsonSchema;
  if (schema.type !== 'string' || schema.enum !== undefined || schema.const !== undefined) return schema;
  if (schema.format === 'date-time' || schema.format === 'date' || schema.format === 'uuid') return schema;
  if (schema.pattern === undefined) return { ...schema, pattern: TEXT_RULE };
  return { ...schema, allOf: [...((schema.allOf as JsonSchema[] | undefined) ?? []), { pattern: TEXT_RULE }] };
}

/** Every named schema, each referring to the others by $ref. */
export function componentSchemas(): Record<string, JsonSchema> {
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

