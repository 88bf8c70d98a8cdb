import { z } from 'zod';
import { pageQuery } from '../../../../server/validation/page-query';
import { deliveryListResponse, deliveryQueuedResponse } from '../../../../server/webhooks/delivery-view.schema';
import { listDeliveries, resendDelivery, sendTestEvent } from '../../../../server/webhooks/webhook-log';
import { defineRoute } from './route-definition';

const deliveriesQuery = pageQuery.extend({
  eventId: z.string().min(1).max(64).optional().describe('Only the deliveries of this event (evt_...).'),
  orderNo: z.string().min(1).max(64).optional().describe("Only the deliveries of this order's events: the platform orderNo or your merchantOrderNo, either flow."),
});

/** GET /api/v1/webhooks/deliveries?eventId=|orderNo=: the delivery log with every attempt (docs/webhooks.md). */
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

/** POST /api/v1/webhooks/deliveries/:deliveryId/resend: delivers the same event again. */
export const resendWebhookDelivery = defineRoute({
  operationId: 'resendWebhookDelivery',
  method: 'POST',
  path: 'webhooks/deliveries/:deliveryId/resend',
  auth: 'merchant',
  scopes: ['webhooks:manage'],
  tag: 'Webhooks',
  summary: 'Deliver an event again',
  description: 'A new delivery of the same event (same webhook-id) to the current endpoint.',
  params: z.object({ deliveryId: z.uuid({ error: 'must be a delivery id' }).describe('The id of a delivery in the log.') }),
  success: { status: 202, schema: deliveryQueuedResponse, description: 'Queued for delivery' },
  errors: ['NOT_FOUND'],
  handle: async ({ merchant, params, db, now }) => ({ body: await resendDelivery(db, merchant.id, params.deliveryId, now) }),
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
  handle: async ({ merchant, db, now }) => ({ body: await sendTestEvent(db, merchant.id, now) }),
});
