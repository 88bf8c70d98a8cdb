import type { bankNotifications } from '../../db/schema';
import { isoMs, isoMsOrNull } from '../money/format';

type NotificationRow = typeof bankNotifications.$inferSelect;

/** The trader API's view of a notification: the parsed facts, never the text, payer name or memo. */
export function notificationView(row: NotificationRow, duplicate: boolean) {
  return {
    id: row.id,
    bankAccountId: row.bankAccountId,
    sender: row.sender,
    receivedAt: isoMs(row.receivedAt),
    duplicate,
    parserId: row.parserId,
    direction: row.direction,
    amount: row.amount,
    accountLast4: row.accountLast4,
    occurredAt: isoMsOrNull(row.occurredAt),
    matchStatus: row.matchStatus,
    orderId: row.payinOrderId,
    score: row.score,
    signals: row.scoreSignals ?? null,
  };
}
