import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyRecords, usedNonces } from '../../db/schema';
import { pruneApiRequests } from '../api-request-log/prune-api-requests';
import { NONCE_RETENTION_MS } from '../auth/api-request-rules';
import { foldHourCounts } from '../listing/fold-hour-counts';
import { pruneNotifications } from '../notifications/prune-notifications';
import { pruneRoutingCompletions } from '../routing/prune-routing-completions';

/**
 * Nonces older than 24 h (their timestamps fail anyway), expired idempotency records, bank
 * notifications older than 30 days, merchant request-log rows older than 7 days and routing's
 * per-minute completions older than its longest window go; the order counters of past hours are
 * folded to one row each.
 */
export async function pruneRecords(
  db: Db,
  now = new Date(),
): Promise<{ nonces: number; idempotency: number; notifications: number; apiRequests: number; hourCounts: number; routingCompletions: number }> {
  const nonces = await db
    .delete(usedNonces)
    .where(lt(usedNonces.createdAt, new Date(now.getTime() - NONCE_RETENTION_MS)))
    .returning({ nonce: usedNonces.nonce });
  const idempotency = await db
    .delete(idempotencyRecords)
    .where(lt(idempotencyRecords.expiresAt, now))
    .returning({ key: idempotencyRecords.key });
  const notifications = await pruneNotifications(db, now);
  const apiRequests = await pruneApiRequests(db, now);
  const hourCounts = await foldHourCounts(db, now);
  const routingCompletions = await pruneRoutingCompletions(db, now);
  return { nonces: nonces.length, idempotency: idempotency.length, notifications, apiRequests, hourCounts, routingCompletions };
}
