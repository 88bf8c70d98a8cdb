import { z } from 'zod';
import { pageQuery } from '../../../../server/validation/page-query';
import { parseInput } from '../../../../server/validation/parse-input';
import { listDeliveries, resendDelivery, sendTestEvent } from '../../../../server/webhooks/webhook-log';
import { merchantOf, type RestContext, type RestResult } from './context';
import { parseQuery } from './read-request';


const deliveriesQuery = pageQuery.extend({
  eventId: z.string().min(1).max(64).optional(),
  orderNo: z.string().min(1).max(64).optional(),
});

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
