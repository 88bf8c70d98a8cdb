import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchants, outboxEvents, webhookAttempts, webhookDeliveries } from '../../db/schema';
import { log } from '../logging/log';
import { DISABLE_AFTER_MS, nextAttemptDelay, RETRY_DELAYS_MS } from './retry-schedule';
import { sendWebhook } from './send-webhook';
import { webhookHeaders } from './sign-webhook';
import { signingSecrets } from './webhook-secret';

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type DeliveryOutcome = 'succeeded' | 'retry' | 'failed' | 'lost';

export interface DeliverOptions {
  workerId: string;
  allowPrivate: boolean;
  timeoutMs?: number;
  schedule?: readonly number[];
  now?: () => Date;
}

/**
 * One attempt of one claimed delivery: sign, POST, log the attempt, and either finish it, schedule
 * the next try (docs/webhooks.md, "Delivery and retries") or mark it failed. Updates are guarded
 * by the lease, so a worker that lost its lease (it was too slow and another took over) changes
 * nothing.
 */
export async function deliverWebhook(db: Db, delivery: DeliveryRow, options: DeliverOptions): Promise<DeliveryOutcome> {
  const clock = options.now ?? (() => new Date());
  const [event] = await db.select().from(outboxEvents).where(eq(outboxEvents.id, delivery.eventId));
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, delivery.merchantId));
  if (!event || !merchant) return 'lost';

  const body = JSON.stringify(event.payload);
  const sentAt = clock();
  const secrets = signingSecrets(merchant, sentAt);
  const result =
    secrets.length === 0
      ? { statusCode: null, latencyMs: 0, excerpt: null, error: 'the merchant has no webhook secret yet', detail: null }
      : await sendWebhook(delivery.url, webhookHeaders(secrets, event.id, sentAt, body), body, {
          allowPrivate: options.allowPrivate,
          timeoutMs: options.timeoutMs,
        });
  const ok = result.error === null && result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const attempts = delivery.attempts + 1;
  // The merchant's log gets the fixed reason; the network's own words stay with the operators.
  if (result.detail !== null) log('warn', 'webhook attempt failed', { deliveryId: delivery.id, merchantId: delivery.merchantId, attempt: attempts, reason: result.error, detail: result.detail });
  const now = clock();

  return db.transaction(async (tx) => {
    const mine = and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.leaseOwner, options.workerId), eq(webhookDeliveries.status, 'delivering'));
    const delay = ok ? null : nextAttemptDelay(attempts, options.schedule ?? RETRY_DELAYS_MS);
    const outcome: DeliveryOutcome = ok ? 'succeeded' : delay === null ? 'failed' : 'retry';
    const updated = await tx
      .update(webhookDeliveries)
      .set({
        status: outcome === 'retry' ? 'pending' : outcome === 'succeeded' ? 'succeeded' : 'failed',
        attempts,
        nextAttemptAt: delay === null ? delivery.nextAttemptAt : new Date(now.getTime() + delay),
        leaseOwner: null,
        leaseExpiresAt: null,
        lastStatusCode: result.statusCode,
        lastError: result.error,
        deliveredAt: ok ? now : null,
        updatedAt: now,
      })
      .where(mine)
      .returning({ id: webhookDeliveries.id });
    if (updated.length === 0) return 'lost';

    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      attemptNo: attempts,
      statusCode: result.statusCode,
      latencyMs: result.latencyMs,
      responseExcerpt: result.excerpt,
      error: result.error,
      createdAt: sentAt,
    });

    if (ok) {
      await tx.update(merchants).set({ webhookFailingSince: null }).where(eq(merchants.id, merchant.id));
    } else {
      // Five days of nothing but failures disables the endpoint; operators see it on the merchant.
      const at = now.toISOString();
      const cutoff = new Date(now.getTime() - DISABLE_AFTER_MS).toISOString();
      await tx.execute(sql`
        update merchants set
          webhook_failing_since = coalesce(webhook_failing_since, ${at}::timestamptz),
          webhook_disabled_at = case
            when coalesce(webhook_failing_since, ${at}::timestamptz) <= ${cutoff}::timestamptz then ${at}::timestamptz
            else webhook_disabled_at end
        where id = ${merchant.id}`);
    }
    return outcome;
  });
}
