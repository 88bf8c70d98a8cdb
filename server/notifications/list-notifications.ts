import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bankNotifications, payinOrders, traderBankAccounts } from '../../db/schema';
import { keyring } from '../config/keyring';
import { decryptField } from '../crypto/encryption';
import { fmt6, isoMs, isoMsOrNull } from '../money/format';
import { parseInput } from '../validation/parse-input';
import { notificationFeedInput } from './notification.schema';
import { scoreParts } from './score-match';

/**
 * The trader's notification feed (dashboard, "Bank notifications"), newest first: the text as it
 * came (unparsed ones too: shown, never guessed), what was read, and the match with its pay-in.
 * The text, payer name and memo are opened for this trader only: their own messages.
 */
export async function listNotifications(db: Executor, options: { traderId: string; input: unknown }) {
  const input = parseInput(notificationFeedInput, options.input ?? {});
  const conditions = [eq(bankNotifications.traderId, options.traderId)];
  if (input.status) conditions.push(eq(bankNotifications.matchStatus, input.status));
  const rows = await db
    .select()
    .from(bankNotifications)
    .where(and(...conditions))
    .orderBy(desc(bankNotifications.createdAt), desc(bankNotifications.id))
    .limit(input.limit);
  const orderIds = [...new Set(rows.map((row) => row.payinOrderId).filter((id): id is string => id !== null))];
  const orders = orderIds.length
    ? await db
        .select({
          id: payinOrders.id,
          orderNo: payinOrders.orderNo,
          status: payinOrders.status,
          fiatAmount: payinOrders.fiatAmount,
          paymentFiatAmount: payinOrders.paymentFiatAmount,
          buyerReference: payinOrders.buyerReference,
          payerName: payinOrders.payerName,
          assetAmount: payinOrders.assetAmount,
        })
        .from(payinOrders)
        .where(and(inArray(payinOrders.id, orderIds), eq(payinOrders.traderId, options.traderId)))
    : [];
  const accounts = await db
    .select({ id: traderBankAccounts.id, bankName: traderBankAccounts.bankName, accountLast4: traderBankAccounts.accountLast4 })
    .from(traderBankAccounts)
    .where(eq(traderBankAccounts.traderId, options.traderId));
  return rows.map((row) => {
    const open = (field: string, value: string | null) =>
      value === null ? null : decryptField(keyring(), 'card', value, { table: 'bank_notifications', id: row.id, field });
    const order = orders.find((o) => o.id === row.payinOrderId);
    const account = accounts.find((a) => a.id === row.bankAccountId);
    return {
      id: row.id,
      bankAccount: account ? `${account.bankName} •••• ${account.accountLast4}` : '',
      sender: row.sender,
      receivedAt: isoMs(row.receivedAt),
      text: open('raw_text', row.rawText),
      parserId: row.parserId,
      direction: row.direction,
      amount: row.amount,
      accountLast4: row.accountLast4,
      occurredAt: isoMsOrNull(row.occurredAt),
      payerName: open('payer_name', row.payerName),
      memo: open('memo', row.memo),
      matchStatus: row.matchStatus,
      score: row.score,
      // The score's parts as scored (null on notifications stored before they were kept), so that
      // confirming a suggestion shows why it scored so, a differing payer name first of all.
      scoreParts: row.scoreSignals ? scoreParts(row.scoreSignals) : null,
      order: order
        ? {
            id: order.id,
            orderNo: order.orderNo,
            status: order.status,
            amount: order.paymentFiatAmount ?? order.fiatAmount,
            buyerReference: order.buyerReference,
            // The name the buyer gave on "I Have Paid": this pay-in's trader may see it (docs/security.md).
            payerName: order.payerName ? decryptField(keyring(), 'card', order.payerName, { table: 'payin_orders', id: order.id, field: 'payer_name' }) : null,
            // What releasing sends from the trader's escrow to the merchant.
            assetAmount: fmt6(order.assetAmount),
          }
        : null,
    };
  });
}
