import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { merchants } from '../../db/schema';
import { DomainError } from '../errors';
import { webhookEndpointViewOf } from './webhook-endpoint-view';

export interface GetWebhookEndpointOptions {
  db: Executor;
  merchantId: string;
  now?: Date;
}

/** A merchant's webhook endpoint: its URL, whether it is enabled, and the secret rotation's state. */
export async function getWebhookEndpoint({ db, merchantId, now = new Date() }: GetWebhookEndpointOptions) {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, merchantId));
  if (!merchant) throw new DomainError('NOT_FOUND', 'No such merchant.');
  return webhookEndpointViewOf(merchant, now);
}
