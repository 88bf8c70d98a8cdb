import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { bankNotifications } from '../../db/schema';
import { recordAudit } from '../audit';
import { DomainError } from '../errors';
import { payinDetailView } from '../payins/payin-view';
import { releasePayinWithin } from '../payins/release-payin';
import { notificationReleasesTotal } from '../metrics/notification-metrics';

export interface ConfirmSuggestionOptions {
  traderId: string;
  notificationId: string;
  ip?: string | null;
  now?: Date;
}

/**
 * The trader's one click on a suggested match: the same release as their Release button, with the
 * notification as evidence, and the notification becomes `confirmed`. A notification confirms one
 * pay-in once (the database's unique index on released notifications holds it under races).
 */
export async function confirmSuggestion(db: Db, options: ConfirmSuggestionOptions) {
  const now = options.now ?? new Date();
  const outcome = await retryTransaction(db, async (tx) => {
    const [notification] = await tx
      .select()
      .from(bankNotifications)
      .where(and(eq(bankNotifications.id, options.notificationId), eq(bankNotifications.traderId, options.traderId)))
      .for('update');
    if (!notification || notification.matchStatus !== 'suggested' || !notification.payinOrderId) {
      throw new DomainError('SUGGESTION_NOT_FOUND', 'No suggested match of yours has this id.');
    }
    const note = `Released by the trader from the suggested match of bank notification ${notification.id} (score ${notification.score ?? 0}).`;
    const released = await releasePayinWithin(tx, { traderId: options.traderId, orderId: notification.payinOrderId, note }, now);
    await tx.update(bankNotifications).set({ matchStatus: 'confirmed' }).where(eq(bankNotifications.id, notification.id));
    await recordAudit(tx, {
      actorType: 'trader',
      actorId: options.traderId,
      action: 'payin.suggestion_confirmed',
      targetType: 'payin_order',
      targetId: notification.payinOrderId,
      details: { notificationId: notification.id, score: notification.score },
      ip: options.ip ?? null,
    });
    return { order: released.order, parserId: notification.parserId };
  });
  notificationReleasesTotal.inc({ how: 'suggestion', parser: outcome.parserId ?? 'none' });
  return payinDetailView(outcome.order);
}
