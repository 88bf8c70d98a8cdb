import { z } from 'zod';

// The delivery log and re-sending of docs/webhooks.md, "Delivery log and re-sending": what
// webhook-log.ts returns, for the routes' types and the OpenAPI document.
const timestamp = z.iso.datetime().describe('ISO 8601 UTC with milliseconds');

export const deliveryAttemptView = z.object({
  attempt: z.number().int().describe('1 for the first try'),
  at: timestamp,
  statusCode: z.number().int().nullable().describe("your endpoint's answer; null when nothing answered"),
  latencyMs: z.number().int(),
  response: z.string().nullable().describe('at most 256 bytes of your answer as plain text; null when the destination was refused'),
  error: z.string().nullable(),
});

export const deliveryView = z.object({
  id: z.uuid().describe('the delivery id, to re-send it'),
  eventId: z.string().describe('the event id, sent as webhook-id'),
  eventType: z.string().describe('e.g. payout.completed (the OpenAPI document\'s webhooks section lists them)'),
  orderId: z.uuid().nullable().describe('null for webhook.test'),
  url: z.string().describe('the endpoint the event went to'),
  status: z.enum(['pending', 'delivering', 'succeeded', 'failed']),
  attempts: z.number().int(),
  nextAttemptAt: timestamp.nullable().describe('set while pending'),
  deliveredAt: timestamp.nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: timestamp,
  attemptLog: z.array(deliveryAttemptView),
});

export const deliveryListResponse = z.object({
  items: z.array(deliveryView),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const deliveryQueuedResponse = z.object({
  eventId: z.string(),
  deliveryId: z.uuid().describe('the new delivery'),
});
