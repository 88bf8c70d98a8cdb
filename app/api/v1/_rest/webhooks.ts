import { z } from 'zod';
import { DomainError } from '../../../../server/errors';
import { parseInput } from '../../../../server/validation/parse-input';
import { listDeliveries, resendDelivery, sendTestEvent } from '../../../../server/webhooks/webhook-log';
import type { RestContext, RestResult } from './context';
import { parseQuery } from './read-request';

function merchantOf(context: RestContext) {
  if (context.principal.kind !== 'merchant') throw new DomainError('INVALID_API_KEY', 'This endpoint needs a merchant API key.');
  return context.principal.merchant;
}

const deliveriesQuery = z
  .object({
    eventId: z.string().min(1).max(64).optional(),
    orderNo: z.string().min(1).max(64).optional(),
    page: z.string().regex(/^[1-9]\d{0,8}$/, { error: 'page must be a whole number from 1' }).transform(Number).default(1),
    pageSize: z
      .string()
      .regex(/^\d{1,3}$/)
      .transform(Number)
      .refine((n) => n >= 1 && n <= 100, { error: 'pageSize must be 1 to 100' })
      .default(20),
  })
  .strict();

/** GET /api/v1/webhooks/deliveries?eventId=|orderNo=: the delivery log with every attempt. */
export async function listWebhookDeliveries(context: RestContext): Promise<RestResult> {
  return { status: 200, body: await listDeliveries(context.db, merchantOf(context).id, parseQuery(context.url, deliveriesQuery)) };
}

/** POST /api/v1/webhooks/deliveries/:deliveryId/resend: delivers the same event again. */
export async function resendWebhookDelivery(context: RestContext): Promise<RestResult> {
  const deliveryId = parseInput(z.uuid({ error: 'must be a delivery id' }), context.params.deliveryId);
  return { status: 202, body: await resendDelivery(context.db, merchantOf(context).id, deliveryId, context.now) };
}

/** POST /api/v1/webhooks/test: sends a `webhook.test` event to the endpoint. */
export async function sendWebhookTest(context: RestContext): Promise<RestResult> {
  return { status: 202, body: await sendTestEvent(context.db, merchantOf(context).id, context.now) };
}
