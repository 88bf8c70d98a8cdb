import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { merchants, outboxEvents, type webhookDeliveries } from '../../db/schema';
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
 * nothing. Two statements a delivery, each its own round trip: the event with its merchant's
 * secrets, and the outcome (delivery, attempt and merchant in one statement, so one commit).
 */
export async function deliverWebhook(db: Db, delivery: DeliveryRow, options: DeliverOptions): Promise<DeliveryOutcome> {
  const clock = options.now ?? (() => new Date());
  const [found] = await db
    .select({
      payload: outboxEvents.payload,
      merchant: {
        id: merchants.id,
        webhookSecret: merchants.webhookSecret,
        webhookPreviousSecret: merchants.webhookPreviousSecret,
        webhookPreviousSecretExpiresAt: merchants.webhookPreviousSecretExpiresAt,
      },
    })
    .from(outboxEvents)
    .innerJoin(merchants, eq(merchants.id, delivery.merchantId))
    .where(eq(outboxEvents.id, delivery.eventId));
  if (!found) return 'lost';

  const body = JSON.stringify(found.payload);
  const sentAt = clock();
  const secrets = signingSecrets(found.merchant, sentAt);
  const result =
    secrets.length === 0
      ? { statusCode: null, latencyMs: 0, excerpt: null, error: 'the merchant has no webhook secret yet', detail: null }
      : await sendWebhook(delivery.url, webhookHeaders(secrets, delivery.eventId, sentAt, body), body, {
          allowPrivate: options.allowPrivate,
          timeoutMs: options.timeoutMs,
        });
  const ok = result.error === null && result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const attempts = delivery.attempts + 1;
  // The merchant's log gets the fixed reason; the network's own words stay with the operators.
  if (result.detail !== null) log('warn', 'webhook attempt failed', { deliveryId: delivery.id, merchantId: delivery.merchantId, attempt: attempts, reason: result.error, detail: result.detail });
  const now = clock();
  const delay = ok ? null : nextAttemptDelay(attempts, options.schedule ?? RETRY_DELAYS_MS);
  const outcome: DeliveryOutcome = ok ? 'succeeded' : delay === null ? 'failed' : 'retry';
  const at = now.toISOString();
  // A success clears the merchant's failing streak (only when there is one: an update that matches
  // writes a new row version, and a busy merchant's every webhook would rewrite the row its creates
  // read). Five days of nothing but failures disables the endpoint; operators see it on the merchant.
  const merchantUpdate = ok
    ? sql`update merchants set webhook_failing_since = null
          where id = ${delivery.merchantId} and webhook_failing_since is not null and exists (select 1 from finished)`
    : sql`update merchants set
            webhook_failing_since = coalesce(webhook_failing_since, ${at}::timestamptz),
            webhook_disabled_at = case
              when coalesce(webhook_failing_since, ${at}::timestamptz) <= ${new Date(now.getTime() - DISABLE_AFTER_MS).toISOString()}::timestamptz then ${at}::timestamptz
              else webhook_disabled_at end
          where id = ${delivery.merchantId} and exists (select 1 from finished)`;
  const nextAttemptAt = delay === null ? delivery.nextAttemptAt : new Date(now.getTime() + delay);
  const [row] = rowsOf<{ finished: number }>(
    await db.execute(sql`
      with finished as (
        update webhook_deliveries set
          status = ${outcome === 'retry' ? 'pending' : outcome}::text,
          attempts = ${attempts}::int,
          next_attempt_at = ${nextAttemptAt.toISOString()}::timestamptz,
          lease_owner = null,
          lease_expires_at = null,
          last_status_code = ${result.statusCode}::int,
          last_error = ${result.error}::text,
          delivered_at = ${ok ? at : null}::timestamptz,
          updated_at = ${at}::timestamptz
        where id = ${delivery.id} and lease_owner = ${options.workerId} and status = 'delivering'
        returning id
      ), attempt as (
        insert into webhook_attempts (delivery_id, attempt_no, status_code, latency_ms, response_excerpt, error, created_at)
        select id, ${attempts}::int, ${result.statusCode}::int, ${Math.round(result.latencyMs)}::int, ${result.excerpt}::text, ${result.error}::text, ${sentAt.toISOString()}::timestamptz
        from finished
      ), merchant as (${merchantUpdate})
      select count(*)::int as finished from finished`),
  );
  return Number(row?.finished ?? 0) === 0 ? 'lost' : outcome;
}
