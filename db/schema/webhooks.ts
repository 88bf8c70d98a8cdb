import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, updatedAt } from './columns';
import { merchants } from './merchants';

/**
 * The transactional outbox: one row per event, written in the same transaction as the state
 * change that causes it. `payload` is the whole webhook body ({ id, type, createdAt, data }).
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: text('id').primaryKey(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    type: text('type').notNull(),
    flow: text('flow').$type<'payout' | 'payin' | 'deposit' | 'withdrawal' | 'test'>().notNull(),
    orderId: uuid('order_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_events_merchant_created_idx').on(t.merchantId, t.createdAt.desc().nullsFirst()),
    index('outbox_events_order_idx').on(t.orderId),
  ],
);

export type DeliveryStatus = 'pending' | 'delivering' | 'succeeded' | 'failed';

/** One event to one endpoint; claimed by workers with FOR UPDATE SKIP LOCKED and a lease. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: text('event_id')
      .notNull()
      .references(() => outboxEvents.id),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    url: text('url').notNull(),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: instant('lease_expires_at'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: instant('delivered_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'delivering')`),
    // The claim's walk (server/webhooks/claim-deliveries.ts): from one merchant with pending
    // deliveries to the next, then each one's oldest due; its cost follows the merchants waiting,
    // not the deliveries waiting.
    index('webhook_deliveries_pending_idx')
      .on(t.merchantId, t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    // Leases: those held (a merchant's slots in use) and those run out (a worker died).
    index('webhook_deliveries_leased_idx')
      .on(t.leaseExpiresAt)
      .where(sql`${t.status} = 'delivering'`),
    index('webhook_deliveries_event_idx').on(t.eventId),
    index('webhook_deliveries_merchant_idx').on(t.merchantId, t.createdAt.desc().nullsFirst()),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'delivering', 'succeeded', 'failed')`),
  ],
);

/** Each HTTP attempt of a delivery, for the delivery log. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id),
    attemptNo: integer('attempt_no').notNull(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);
