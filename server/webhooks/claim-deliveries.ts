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
 * How many deliveries of one merchant may be in flight at once, across every worker: a merchant
 * whose endpoint is slow (or who floods it) holds at most this many slots, and every other
 * merchant's deliveries go out beside them (docs/security.md).
 */
export const PER_MERCHANT_IN_FLIGHT = 4;

interface ClaimDeliveriesOptions {
  workerId: string;
  now: Date;
  limit: number;
  leaseMs: number;
  perMerchant?: number;
}

/**
 * Claims due deliveries for one worker: pending ones whose time has come, and ones whose lease
 * ran out (their worker died). A merchant gets at most `perMerchant` deliveries in flight, counting
 * those other workers hold under a live lease; the claim takes turns between merchants (every
 * merchant's oldest due delivery before anyone's second), oldest first within a turn. It reads
 * each waiting merchant's few oldest due deliveries, never the whole backlog: a claim costs the
 * same with 10 deliveries waiting or 10,000, so a worker that falls behind can catch up. Claims are
 * made one at a time under a transaction-scoped advisory lock, so two workers cannot both see a
 * free slot and fill it twice; FOR UPDATE SKIP LOCKED still keeps a claim off rows a finishing
 * worker is writing, and the lease marks a delivery as this worker's until it expires.
 */
export async function claimDeliveries(
  db: Db,
  { workerId, now, limit, leaseMs, perMerchant = PER_MERCHANT_IN_FLIGHT }: ClaimDeliveriesOptions,
): Promise<DeliveryRow[]> {
  // Raw SQL gets timestamps as ISO text: the postgres driver under Drizzle takes no Date parameters.
  const at = now.toISOString();
  const leaseEnd = new Date(now.getTime() + leaseMs).toISOString();
  const rows = await db.transaction(async (tx) => {
    // Held until commit: the next claimer's snapshot then sees this claim's leases.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('corridor.webhook-claim'))`);
    return rowsOf<RawDelivery>(
      await tx.execute(sql`
        with recursive waiting(merchant_id) as (
          -- The merchants with pending deliveries, one index probe each (a skip scan of
          -- webhook_deliveries_pending_idx): a backlog of thousands costs no more than a few.
          (select merchant_id from webhook_deliveries where status = 'pending' order by merchant_id limit 1)
          union all
          select (select d.merchant_id from webhook_deliveries d
                  where d.status = 'pending' and d.merchant_id > w.merchant_id
                  order by d.merchant_id limit 1)
          from waiting w where w.merchant_id is not null
        ), busy as (
          select merchant_id, count(*) as held from webhook_deliveries
          where status = 'delivering' and lease_expires_at >= ${at}::timestamptz
          group by merchant_id
        ), candidates as (
          -- Each waiting merchant's oldest due deliveries, no more than it could be given...
          select p.id, p.merchant_id, p.next_attempt_at
          from waiting w cross join lateral (
            select id, merchant_id, next_attempt_at from webhook_deliveries
            where merchant_id = w.merchant_id and status = 'pending' and next_attempt_at <= ${at}::timestamptz
            order by next_attempt_at, id
            limit ${perMerchant}
          ) p
          where w.merchant_id is not null
          union all
          -- ...and every delivery whose lease ran out (its worker died): few, and due at once.
          select id, merchant_id, next_attempt_at from webhook_deliveries
          where status = 'delivering' and lease_expires_at < ${at}::timestamptz
        ), due as (
          select id, merchant_id, next_attempt_at,
                 row_number() over (partition by merchant_id order by next_attempt_at, id) as turn
          from candidates
        ), chosen as (
          select due.id from due left join busy on busy.merchant_id = due.merchant_id
          where due.turn <= ${perMerchant} - coalesce(busy.held, 0)
          order by due.turn, due.next_attempt_at, due.id
          limit ${limit}
        )
        update webhook_deliveries d
        set status = 'delivering', lease_owner = ${workerId}, lease_expires_at = ${leaseEnd}::timestamptz, updated_at = ${at}::timestamptz
        where d.id in (select id from webhook_deliveries where id in (select id from chosen) for update skip locked)
        returning d.*`),
    );
  });
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
