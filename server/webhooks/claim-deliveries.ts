import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { DeliveryRow } from './deliver-webhook';

interface RawDelivery {
  id: string;
  event_id: string;
  merchant_id: string;
  url: string;
  status: DeliveryRow['status'];
  attempts: number;
  next_attempt_at: Date | string;
  lease_owner: string | null;
  lease_expires_at: Date | string | null;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * Claims due deliveries for one worker: pending ones whose time has come, and ones whose lease
 * ran out (their worker died). FOR UPDATE SKIP LOCKED lets any number of workers claim side by
 * side without taking the same delivery; the lease marks it as this worker's until it expires.
 */
export async function claimDeliveries(db: Db, workerId: string, now: Date, limit: number, leaseMs: number): Promise<DeliveryRow[]> {
  // Raw SQL gets timestamps as ISO text: the postgres driver under Drizzle takes no Date parameters.
  const at = now.toISOString();
  const leaseEnd = new Date(now.getTime() + leaseMs).toISOString();
  const rows = rowsOf<RawDelivery>(
    await db.execute(sql`
      update webhook_deliveries d
      set status = 'delivering', lease_owner = ${workerId}, lease_expires_at = ${leaseEnd}::timestamptz, updated_at = ${at}::timestamptz
      where d.id in (
        select id from webhook_deliveries
        where (status = 'pending' and next_attempt_at <= ${at}::timestamptz)
           or (status = 'delivering' and lease_expires_at < ${at}::timestamptz)
        order by next_attempt_at
        limit ${limit}
        for update skip locked)
      returning d.*`),
  );
  return rows.map((row) => ({
    id: row.id,
    eventId: row.event_id,
    merchantId: row.merchant_id,
    url: row.url,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: date(row.next_attempt_at),
    leaseOwner: row.lease_owner,
    leaseExpiresAt: row.lease_expires_at === null ? null : date(row.lease_expires_at),
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    deliveredAt: row.delivered_at === null ? null : date(row.delivered_at),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  }));
}

/** On shutdown: hands this worker's unfinished deliveries back at once instead of waiting for the lease. */
export async function releaseClaims(db: Db, workerId: string): Promise<void> {
  await db.execute(sql`
    update webhook_deliveries set status = 'pending', lease_owner = null, lease_expires_at = null, updated_at = now()
    where lease_owner = ${workerId} and status = 'delivering'`);
}
