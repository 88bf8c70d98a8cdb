import { and, count, eq, gt, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { alertDeliveries, alertSettings, pushSubscriptions, telegramLinks, users, type AlertChannel, type AlertKind } from '../../db/schema';
import { log } from '../logging/log';
import type { AlertParams } from './alert-kinds';
import { alertText } from './alert-messages';
import { AlertSendError, type AlertSender } from './alert-sender';
import type { PushSend } from './push/push-sender';
import { quietUntil } from './quiet-hours';
import { ALERT_RETRY_DELAYS_MS, ALERTS_PER_MINUTE } from './retry-schedule';

interface ClaimedAlert {
  id: string;
  user_id: string;
  channel: AlertChannel;
  kind: AlertKind;
  params: AlertParams;
  attempts: number;
}

interface DeliverAlertOptions {
  workerId: string;
  /** Telegram's sender; without it Telegram alerts wait. */
  sender?: AlertSender;
  /** The web push sender; without it push alerts wait. */
  push?: PushSend;
  leaseMs?: number;
  schedule?: readonly number[];
  perMinute?: number;
}

/**
 * Claims due alerts (pending ones whose time has come, and ones whose worker's lease ran out) with
 * FOR UPDATE SKIP LOCKED, as webhook deliveries are claimed (server/webhooks/claim-deliveries.ts).
 */
async function claimAlerts(db: Db, workerId: string, now: Date, limit: number, leaseMs: number, channels: AlertChannel[]): Promise<ClaimedAlert[]> {
  if (channels.length === 0) return [];
  const at = now.toISOString();
  const leaseEnd = new Date(now.getTime() + leaseMs).toISOString();
  return rowsOf<ClaimedAlert>(
    await db.execute(sql`
      update alert_deliveries d
      set status = 'delivering', lease_owner = ${workerId}, lease_expires_at = ${leaseEnd}::timestamptz, updated_at = ${at}::timestamptz
      where d.id in (
        select id from alert_deliveries
        where ((status = 'pending' and next_attempt_at <= ${at}::timestamptz) or (status = 'delivering' and lease_expires_at < ${at}::timestamptz))
          and channel in (${sql.join(channels.map((channel) => sql`${channel}`), sql`, `)})
        order by next_attempt_at, id limit ${limit} for update skip locked)
      returning d.id, d.user_id, d.channel, d.kind, d.params, d.attempts`),
  );
}

async function settle(db: Db, id: string, set: Partial<typeof alertDeliveries.$inferInsert>, now: Date) {
  await db
    .update(alertDeliveries)
    .set({ ...set, leaseOwner: null, leaseExpiresAt: null, updatedAt: now })
    .where(eq(alertDeliveries.id, id));
}

/**
 * Sends to every browser the person subscribed; a subscription the push service says is gone is
 * forgotten. Throws when none took it and one may still (a retry may repeat it to the others:
 * at least once, as everywhere). Returns false when the person has no subscription left.
 */
async function sendPush(db: Db, push: PushSend, userId: string, payload: string): Promise<boolean> {
  const subscriptions = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  let failure: AlertSendError | undefined;
  let live = 0;
  for (const subscription of subscriptions) {
    try {
      await push(subscription, payload);
      live += 1;
    } catch (error) {
      const reason = error instanceof AlertSendError ? error : new AlertSendError('push failed');
      if (reason.permanent) await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
      else {
        live += 1;
        failure = reason;
      }
    }
  }
  if (failure) throw failure;
  return live > 0;
}

/** Sends one claimed alert, or drops it (kind muted, channel gone), or puts it off (quiet hours, the per-person rate, a failure). */
async function deliverAlert(db: Db, alert: ClaimedAlert, options: DeliverAlertOptions, now: Date): Promise<void> {
  const [link] = alert.channel === 'telegram' ? await db.select({ chatId: telegramLinks.chatId }).from(telegramLinks).where(eq(telegramLinks.userId, alert.user_id)) : [];
  const [person] = await db.select({ status: users.status, settings: alertSettings }).from(users).leftJoin(alertSettings, eq(alertSettings.userId, users.id)).where(eq(users.id, alert.user_id));
  // The alert was queued while the person was active; one suspended since (or removed) hears nothing more.
  if (person?.status !== 'active') {
    await settle(db, alert.id, { status: 'dropped', lastError: 'person not active' }, now);
    return;
  }
  const settings = person.settings;
  if ((alert.channel === 'telegram' && !link) || settings?.mutedKinds.includes(alert.kind)) {
    await settle(db, alert.id, { status: 'dropped', lastError: link || alert.channel === 'push' ? 'kind muted' : 'not linked' }, now);
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
    .where(and(eq(alertDeliveries.userId, alert.user_id), eq(alertDeliveries.channel, alert.channel), gt(alertDeliveries.sentAt, new Date(now.getTime() - 60_000))));
  if ((recent?.sent ?? 0) >= (options.perMinute ?? ALERTS_PER_MINUTE)) {
    await settle(db, alert.id, { status: 'pending', nextAttemptAt: new Date(now.getTime() + 60_000) }, now);
    return;
  }
  const attempts = alert.attempts + 1;
  const text = alertText(alert.kind, alert.params, settings?.language ?? 'en');
  try {
    if (alert.channel === 'telegram') {
      if (!options.sender) throw new AlertSendError('telegram not configured');
      await options.sender.send(link!.chatId, text);
    } else {
      if (!options.push) throw new AlertSendError('push not configured');
      if (!(await sendPush(db, options.push, alert.user_id, JSON.stringify({ kind: alert.kind, body: text })))) {
        await settle(db, alert.id, { status: 'dropped', attempts, lastError: 'no subscription' }, now);
        return;
      }
    }
    await settle(db, alert.id, { status: 'sent', attempts, sentAt: now, lastError: null }, now);
  } catch (error) {
    const reason = error instanceof AlertSendError ? error : new AlertSendError('send failed');
    const delay = reason.permanent ? undefined : (reason.retryAfterMs ?? (options.schedule ?? ALERT_RETRY_DELAYS_MS)[attempts - 1]);
    log('warn', 'alert send failed', { workerId: options.workerId, alertId: alert.id, channel: alert.channel, attempts, error: reason.message });
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

type DeliverDueAlertsOptions = DeliverAlertOptions & {
  now?: Date;
  limit?: number;
};

/** One pass: claims up to `limit` due alerts and sends them one after another. Returns how many were claimed. */
export async function deliverDueAlerts(db: Db, { now = new Date(), limit = 20, ...options }: DeliverDueAlertsOptions): Promise<number> {
  // Only the channels this worker can send: another worker, or a later configuration, sends the rest.
  const channels: AlertChannel[] = [...(options.sender ? ['telegram' as const] : []), ...(options.push ? ['push' as const] : [])];
  const claimed = await claimAlerts(db, options.workerId, now, limit, options.leaseMs ?? 30_000, channels);
  for (const alert of claimed) await deliverAlert(db, alert, options, now);
  return claimed.length;
}
