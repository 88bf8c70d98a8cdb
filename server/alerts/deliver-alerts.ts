import { and, count, eq, gt, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { alertDeliveries, alertSettings, telegramLinks, type AlertKind } from '../../db/schema';
import { log } from '../logging/log';
import type { AlertParams } from './alert-kinds';
import { alertText } from './alert-messages';
import { AlertSendError, type AlertSender } from './alert-sender';
import { quietUntil } from './quiet-hours';
import { ALERT_RETRY_DELAYS_MS, ALERTS_PER_MINUTE } from './retry-schedule';

interface ClaimedAlert {
  id: string;
  user_id: string;
  kind: AlertKind;
  params: AlertParams;
  attempts: number;
}

export interface DeliverAlertOptions {
  workerId: string;
  sender: AlertSender;
  leaseMs?: number;
  schedule?: readonly number[];
  perMinute?: number;
}

/**
 * Claims due alerts (pending ones whose time has come, and ones whose worker's lease ran out) with
 * FOR UPDATE SKIP LOCKED, as webhook deliveries are claimed (server/webhooks/claim-deliveries.ts).
 */
async function claimAlerts(db: Db, workerId: string, now: Date, limit: number, leaseMs: number): Promise<ClaimedAlert[]> {
  const at = now.toISOString();
  const leaseEnd = new Date(now.getTime() + leaseMs).toISOString();
  return rowsOf<ClaimedAlert>(
    await db.execute(sql`
      update alert_deliveries d
      set status = 'delivering', lease_owner = ${workerId}, lease_expires_at = ${leaseEnd}::timestamptz, updated_at = ${at}::timestamptz
      where d.id in (
        select id from alert_deliveries
        where (status = 'pending' and next_attempt_at <= ${at}::timestamptz) or (status = 'delivering' and lease_expires_at < ${at}::timestamptz)
        order by next_attempt_at, id limit ${limit} for update skip locked)
      returning d.id, d.user_id, d.kind, d.params, d.attempts`),
  );
}

async function settle(db: Db, id: string, set: Partial<typeof alertDeliveries.$inferInsert>, now: Date) {
  await db
    .update(alertDeliveries)
    .set({ ...set, leaseOwner: null, leaseExpiresAt: null, updatedAt: now })
    .where(eq(alertDeliveries.id, id));
}

/** Sends one claimed alert, or drops it (kind muted, chat unlinked), or puts it off (quiet hours, the per-person rate, a failure). */
async function deliverAlert(db: Db, alert: ClaimedAlert, options: DeliverAlertOptions, now: Date): Promise<void> {
  const [link] = await db.select({ chatId: telegramLinks.chatId }).from(telegramLinks).where(eq(telegramLinks.userId, alert.user_id));
  const [settings] = await db.select().from(alertSettings).where(eq(alertSettings.userId, alert.user_id));
  if (!link || settings?.mutedKinds.includes(alert.kind)) {
    await settle(db, alert.id, { status: 'dropped', lastError: link ? 'kind muted' : 'not linked' }, now);
    return;
  }
  const quietEnd = settings ? quietUntil(now, { from: settings.quietFromMinute, to: settings.quietToMinute, timeZone: settings.timeZone }) : null;
  if (quietEnd) {
    await settle(db, alert.id, { status: 'pending', nextAttemptAt: quietEnd }, now);
    return;
  }
  const [recent] = await db
    .select({ sent: count() })
    .from(alertDeliveries)
    .where(and(eq(alertDeliveries.userId, alert.user_id), eq(alertDeliveries.channel, 'telegram'), gt(alertDeliveries.sentAt, new Date(now.getTime() - 60_000))));
  if ((recent?.sent ?? 0) >= (options.perMinute ?? ALERTS_PER_MINUTE)) {
    await settle(db, alert.id, { status: 'pending', nextAttemptAt: new Date(now.getTime() + 60_000) }, now);
    return;
  }
  const attempts = alert.attempts + 1;
  try {
    await options.sender.send(link.chatId, alertText(alert.kind, alert.params, settings?.language ?? 'en'));
    await settle(db, alert.id, { status: 'sent', attempts, sentAt: now, lastError: null }, now);
  } catch (error) {
    const reason = error instanceof AlertSendError ? error : new AlertSendError('send failed');
    const delay = reason.permanent ? undefined : (reason.retryAfterMs ?? (options.schedule ?? ALERT_RETRY_DELAYS_MS)[attempts - 1]);
    log('warn', 'alert send failed', { workerId: options.workerId, alertId: alert.id, attempts, error: reason.message });
    await settle(
      db,
      alert.id,
      delay === undefined
        ? { status: 'failed', attempts, lastError: reason.message }
        : { status: 'pending', attempts, lastError: reason.message, nextAttemptAt: new Date(now.getTime() + delay) },
      now,
    );
  }
}

/** One pass: claims up to `limit` due alerts and sends them one after another. Returns how many were claimed. */
export async function deliverDueAlerts(db: Db, options: DeliverAlertOptions, now = new Date(), limit = 20): Promise<number> {
  const claimed = await claimAlerts(db, options.workerId, now, limit, options.leaseMs ?? 30_000);
  for (const alert of claimed) await deliverAlert(db, alert, options, now);
  return claimed.length;
}
