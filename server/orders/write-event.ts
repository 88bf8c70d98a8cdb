import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { pipelined } from '../../db/pipelined';
import { outboxEvents } from '../../db/schema';

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
 * The event's two inserts, not sent yet, for a caller that sends them in one round trip with its
 * own statements (apply-transition.ts in this folder): Drizzle's builders go out when `pipelined` awaits them.
 */
export function eventWrites(tx: Tx, event: NewEvent): { payload: EventPayload; writes: PromiseLike<unknown>[] } {
  const payload: EventPayload = {
    id: newEventId(),
    type: event.type,
    createdAt: event.now.toISOString(),
    data: event.data,
  };
  // The delivery row follows the event on the same connection.
  const writes = [
    tx.insert(outboxEvents).values({
      id: payload.id,
      merchantId: event.merchantId,
      type: event.type,
      flow: event.flow,
      orderId: event.orderId ?? null,
      payload: payload as unknown as Record<string, unknown>,
      createdAt: event.now,
    }),
    // The delivery to the merchant's endpoint, if it has one, is born with the event.
    tx.execute(sql`
      insert into webhook_deliveries (event_id, merchant_id, url, next_attempt_at, created_at, updated_at)
      select ${payload.id}, m.id, m.webhook_url, ${payload.createdAt}::timestamptz, ${payload.createdAt}::timestamptz, ${payload.createdAt}::timestamptz
      from merchants m
      where m.id = ${event.merchantId} and m.webhook_url is not null and m.webhook_disabled_at is null`),
  ];
  return { payload, writes };
}
