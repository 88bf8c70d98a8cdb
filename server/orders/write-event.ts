import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { pipelined } from '../../db/pipelined';

export interface NewEvent {
  merchantId: string;
  type: string;
  flow: 'payout' | 'payin' | 'deposit' | 'withdrawal' | 'test';
  orderId?: string | null;
  /** The order as the merchant's detail endpoint returns it; never a card number. */
  data: Record<string, unknown>;
  now: Date;
}

export interface EventPayload {
  id: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
}

function newEventId(): string {
  return `evt_${randomUUID().replaceAll('-', '')}`;
}

/**
 * Writes an event to the outbox inside the caller's transaction, so the event exists exactly when
 * the state change that caused it does. Webhook workers deliver it later (at least once).
 */
export async function writeEvent(tx: Tx, event: NewEvent): Promise<EventPayload> {
  const { payload, writes } = eventWrites(tx, event);
  await pipelined(writes);
  return payload;
}

/**
 * The event's insert (with its delivery's), not sent yet, for a caller that sends them in one round trip with its
 * own statements (apply-transition.ts in this folder): Drizzle's builders go out when `pipelined` awaits them.
 */
export function eventWrites(tx: Tx, event: NewEvent): { payload: EventPayload; writes: PromiseLike<unknown>[] } {
  const payload: EventPayload = {
    id: newEventId(),
    type: event.type,
    createdAt: event.now.toISOString(),
    data: event.data,
  };
  // One statement: the event, its place in the alert queue (server/alerts/feed-alerts.ts) and, if
  // the merchant has an endpoint, its delivery, born with it. The foreign keys are checked at the
  // end of the statement, when the event row exists.
  const writes = [
    tx.execute(sql`
      with event as (
        insert into outbox_events (id, merchant_id, type, flow, order_id, payload, created_at)
        values (${payload.id}, ${event.merchantId}, ${event.type}, ${event.flow}, ${event.orderId ?? null}, ${JSON.stringify(payload)}::jsonb, ${payload.createdAt}::timestamptz)
        returning id, merchant_id, created_at),
      queued as (insert into alert_queue (event_id, created_at) select id, created_at from event)
      insert into webhook_deliveries (event_id, merchant_id, url, next_attempt_at, created_at, updated_at)
      select event.id, m.id, m.webhook_url, event.created_at, event.created_at, event.created_at
      from event join merchants m on m.id = event.merchant_id
      where m.webhook_url is not null and m.webhook_disabled_at is null`),
  ];
  return { payload, writes };
}
