import { z } from 'zod';
import type { AuditActorRef } from '../../../../server/audit';
import { pageQuery } from '../../../../server/validation/page-query';
import { clearWebhookEndpoint } from '../../../../server/webhooks/clear-webhook-endpoint';
import { deliveryListResponse, deliveryQueuedResponse, deliveryView } from '../../../../server/webhooks/delivery-view.schema';
import { getWebhookDelivery } from '../../../../server/webhooks/get-webhook-delivery';
import { getWebhookEndpoint } from '../../../../server/webhooks/get-webhook-endpoint';
import { resendDelivery } from '../../../../server/webhooks/resend-delivery';
import { rotateWebhookSecret } from '../../../../server/webhooks/rotate-webhook-secret';
import { sendTestEvent } from '../../../../server/webhooks/send-test-event';
import { setWebhookEndpoint } from '../../../../server/webhooks/set-webhook-endpoint';
import {
  deliveryStatus,
  rotateWebhookSecretInput,
  setWebhookEndpointBody,
  webhookEndpointSetResponse,
  webhookEndpointView,
  webhookSecretRotatedResponse,
} from '../../../../server/webhooks/webhook-endpoint.schema';
import { listDeliveries } from '../../../../server/webhooks/webhook-log';
import type { RestContext } from './context';
import { defineRoute } from './route-definition';

/**
 * Who the audit log names for a merchant's API call: the merchant, by the key id that signed it
 * (the id an operator sees when issuing or revoking keys). The adapter verified that key before
 * any route runs.
 */
const apiKeyActor = ({ request }: RestContext): AuditActorRef => ({ type: 'merchant', id: request.headers.get('x-api-key') });

const deliveryIdParam = z.uuid({ error: 'must be a delivery id' }).describe('The id of a delivery in the log.');

const deliveriesQuery = pageQuery.extend({
  eventId: z.string().min(1).max(64).optional().describe('Only the deliveries of this event (evt_...).'),
  orderNo: z.string().min(1).max(64).optional().describe("Only the deliveries of this order's events: the platform orderNo or your merchantOrderNo, either flow."),
  status: deliveryStatus.optional().describe('Only the deliveries in this status.'),
});

/** GET /api/v1/webhooks/endpoint: the endpoint, whether it is enabled, the secret rotation's state. */
export const getWebhookEndpointRoute = defineRoute({
  operationId: 'getWebhookEndpoint',
  method: 'GET',
  path: 'webhooks/endpoint',
  auth: 'merchant',
  scopes: ['webhooks:manage'],
  tag: 'Webhooks',
  summary: 'Your webhook endpoint',
  description: 'The URL events go to (or null), whether it is enabled, and whether a rotated-out secret still signs. Never the secret itself.',
  success: { status: 200, schema: webhookEndpointView, description: 'The endpoint' },
  errors: [],
  handle: async ({ merchant, db, now }) => ({ body: await getWebhookEndpoint({ db, merchantId: merchant.id, now }) }),
});

/** POST /api/v1/webhooks/endpoint: sets the URL (re-enabling a disabled endpoint). */
export const setWebhookEndpointRoute = defineRoute({
  operationId: 'setWebhookEndpoint',
  method: 'POST',
  path: 'webhooks/endpoint',
  auth: 'merchant',
  scopes: ['webhooks:manage'],
  tag: 'Webhooks',
  summary: 'Set your webhook endpoint',
  description:
    'Sets the URL and re-enables a disabled endpoint; deliveries waiting for a retry go to the new URL. The first endpoint gets a signing secret, returned in this answer only. In production a private or loopback IP address is VALIDATION_FAILED (details path webhookUrl).',
  body: { kind: 'json', schema: setWebhookEndpointBody, example: { url: 'https://shop.example/corridor/webhooks' } },
  success: { status: 200, schema: webhookEndpointSetResponse, description: 'The endpoint as set; secret only when this call created it' },
  errors: [],
  handle: async (input) => {
    const { secret, endpoint } = await setWebhookEndpoint(input.db, { merchantId: input.merchant.id, url: input.json.url, actor: apiKeyActor(input), now: input.now });
    return { body: { ...endpoint, secret } };
  },
});

/** POST /api/v1/webhooks/endpoint/clear: removes the URL; no event is delivered afterwards. */
export const clearWebhookEndpointRoute = defineRoute({
  operationId: 'clearWebhookEndpoint',
  method: 'POST',
  path: 'webhooks/endpoint/clear',
  auth: 'merchant',
  scopes: ['webhooks:manage'],
  tag: 'Webhooks',
  summary: 'Remove your webhook endpoint',
  description:
    'New events make no delivery; deliveries not yet sent become failed (re-send them after setting an endpoint again). The signing secret is kept.',
  success: { status: 200, schema: webhookEndpointView, description: 'The endpoint, now unset' },
  errors: [],
  handle: async (input) => ({ body: await clearWebhookEndpoint({ db: input.db, merchantId: input.merchant.id, actor: apiKeyActor(input), now: input.now }) }),
});

/** POST /api/v1/webhooks/endpoint/rotate-secret: a new signing secret, the old one signing beside it for the overlap. */
export const rotateWebhookSecretRoute = defineRoute({
  operationId: 'rotateWebhookSecret',
  method: 'POST',
  path: 'webhooks/endpoint/rotate-secret',
  auth: 'merchant',
  scopes: ['webhooks:manage'],
  tag: 'Webhooks',
  summary: 'Rotate the webhook signing secret',
  description:
    'Issues a new secret, returned in this answer only. The one it replaces keeps signing beside it (two v1 signatures in webhook-signature) for overlapSeconds; rotating again during an overlap ends the older secret at once.',
  body: { kind: 'json', schema: rotateWebhookSecretInput, example: { overlapSeconds: 86_400 } },
  success: { status: 200, schema: webhookSecretRotatedResponse, description: 'The new secret' },
  errors: [],
  handle: async (input) => ({
    body: await rotateWebhookSecret({ db: input.db, merchantId: input.merchant.id, actor: apiKeyActor(input), input: input.json, now: input.now }),
  }),
});

/** GET /api/v1/webhooks/deliveries?eventId=|orderNo=|status=: the delivery log with every attempt (docs/webhooks.md). */
export const listWebhookDeliveries = defineRoute({
  operationId: 'listWebhookDeliveries',
  method: 'GET',
  path: 'webhooks/deliveries',
  auth: 'merchant',
  scopes: ['webhooks:manage'],
  tag: 'Webhooks',
  summary: 'List webhook deliveries with every attempt',
  query: deliveriesQuery,
  success: { status: 200, schema: deliveryListResponse, description: 'A page of deliveries, newest first' },
  errors: [],
  handle: async ({ merchant, query, db }) => ({ body: await listDeliveries(db, merchant.id, query) }),
});

/** GET /api/v1/webhooks/deliveries/:deliveryId: one delivery with every attempt. */
export const getWebhookDeliveryRoute = defineRoute({
  operationId: 'getWebhookDelivery',
  method: 'GET',
  path: 'webhooks/deliveries/:deliveryId',
  auth: 'merchant',
  scopes: ['webhooks:manage'],
  tag: 'Webhooks',
  summary: 'Query a webhook delivery with every attempt',
  description: "Another merchant's delivery is NOT_FOUND, like a missing one.",
  params: z.object({ deliveryId: deliveryIdParam }),
  success: { status: 200, schema: deliveryView, description: 'The delivery' },
  errors: ['NOT_FOUND'],
  handle: async ({ merchant, params, db }) => ({ body: await getWebhookDelivery({ db, merchantId: merchant.id, deliveryId: params.deliveryId }) }),
});

/** POST /api/v1/webhooks/deliveries/:deliveryId/resend: delivers the same event again. */
export const resendWebhookDelivery = defineRoute({
  operationId: 'resendWebhookDelivery',
  method: 'POST',
  path: 'webhooks/deliveries/:deliveryId/resend',
  auth: 'merchant',
  scopes: ['webhooks:manage'],
  tag: 'Webhooks',
  summary: 'Deliver an event again',
  description: 'A new delivery of the same event (same webhook-id) to the current endpoint. VALIDATION_FAILED (details path webhookUrl) when no endpoint is set or it is disabled.',
  params: z.object({ deliveryId: deliveryIdParam }),
  success: { status: 202, schema: deliveryQueuedResponse, description: 'Queued for delivery' },
  errors: ['NOT_FOUND'],
  handle: async (input) => ({
    body: await resendDelivery({ db: input.db, merchantId: input.merchant.id, deliveryId: input.params.deliveryId, actor: apiKeyActor(input), now: input.now }),
  }),
});

/** POST /api/v1/webhooks/test: sends a `webhook.test` event to the endpoint. */
export const sendWebhookTest = defineRoute({
  operationId: 'sendWebhookTest',
  method: 'POST',
  path: 'webhooks/test',
  auth: 'merchant',
  scopes: ['webhooks:manage'],
  tag: 'Webhooks',
  summary: 'Send a webhook.test event',
  description: 'VALIDATION_FAILED (details path webhookUrl) when no endpoint is set or it is disabled.',
  success: { status: 202, schema: deliveryQueuedResponse, description: 'Queued for delivery' },
  errors: ['VALIDATION_FAILED'],
  handle: async (input) => ({ body: await sendTestEvent({ db: input.db, merchantId: input.merchant.id, actor: apiKeyActor(input), now: input.now }) }),
});
