import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { bankNotifications, payinOrders } from '../../db/schema';
import { keyring } from '../config/keyring';
import { decryptField } from '../crypto/encryption';
import { lockAccount } from './lock-account';
import { matchNotification } from './match-notification';
import { notificationReleasesTotal } from '../metrics/notification-metrics';
import type { ParsedNotification } from './parsers/parse-notification';

/**
 * The credit often arrives before the buyer clicks "I Have Paid"; the pay-in is then only a
 * suggestion (the release path starts from PAYMENT_SUBMITTED). Once the buyer has clicked, the
 * suggestions naming the order are matched again, in their own transaction after the buyer's (a
 * failure here leaves the suggestion for the trader's click). Returns whether one released it.
 */
export async function releaseHeldMatches(db: Db, options: { orderId: string; now: Date }): Promise<boolean> {
  const released = await retryTransaction(db, async (tx) => {
    const [order] = await tx.select().from(payinOrders).where(eq(payinOrders.id, options.orderId));
    if (!order?.traderId || !order.traderBankAccountId || order.status !== 'PAYMENT_SUBMITTED') return null;
    const held = await tx
      .select()
      .from(bankNotifications)
      .where(and(eq(bankNotifications.payinOrderId, order.id), eq(bankNotifications.matchStatus, 'suggested')))
      .orderBy(asc(bankNotifications.createdAt));
    if (held.length === 0) return null;
    const account = await lockAccount(tx, order.traderId, order.traderBankAccountId).catch(() => null);
    if (!account?.autoConfirm) return null;
    for (const row of held) {
      if (!row.parserId || !row.direction || !row.amount) continue;
      const open = (field: 'payer_name' | 'memo', value: string | null) =>
        value === null ? null : decryptField(keyring(), 'card', value, { table: 'bank_notifications', id: row.id, field });
      const parsed: ParsedNotification = {
        parserId: row.parserId,
        direction: row.direction,
        amount: row.amount,
        last4: row.accountLast4,
        occurredAt: row.occurredAt,
        payerName: open('payer_name', row.payerName),
        memo: open('memo', row.memo),
      };
      const outcome = await matchNotification(tx, { notificationId: row.id, account, parsed, receivedAt: row.receivedAt, now: options.now });
      if (outcome.matchStatus === 'released') return row.parserId;
    }
    return null;
  });
  if (released) notificationReleasesTotal.inc({ how: 'auto', parser: released });
  return released !== null;
}
