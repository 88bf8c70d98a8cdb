import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { alertsOfEvent } from './event-alerts';
import { enqueueAlert } from './enqueue-alert';

interface QueuedRow {
  id: string;
  type: string;
  flow: string;
  order_id: string | null;
  merchant_id: string;
  created_at: Date | string;
}

/**
 * Turns up to `limit` queued outbox events into alert deliveries. The queue rows are taken with
 * FOR UPDATE SKIP LOCKED (several workers share the queue) and removed in the transaction that
 * writes their deliveries: a crash before the commit leaves them queued, a commit leaves them done.
 * Returns how many events were taken.
 */
export async function feedAlerts(db: Db, limit = 100): Promise<number> {
  return db.transaction(async (tx) => {
    const events = rowsOf<QueuedRow>(
      await tx.execute(sql`
        select e.id, e.type, e.flow, e.order_id, e.merchant_id, e.created_at
        from alert_queue q join outbox_events e on e.id = q.event_id
        where q.event_id in (select event_id from alert_queue order by created_at, event_id limit ${limit} for update skip locked)
        order by q.created_at, q.event_id`),
    );
    for (const row of events) {
      const alerts = await alertsOfEvent(tx, {
        id: row.id,
        type: row.type,
        flow: row.flow,
        orderId: row.order_id,
        merchantId: row.merchant_id,
        createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
      });
      for (const alert of alerts) await enqueueAlert(tx, alert);
    }
    if (events.length > 0) {
      const ids = events.map((row) => sql`${row.id}`);
      await tx.execute(sql`delete from alert_queue where event_id in (${sql.join(ids, sql`, `)})`);
    }
    return events.length;
  });
}
