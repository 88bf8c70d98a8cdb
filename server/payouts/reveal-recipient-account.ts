import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payoutOrders } from '../../db/schema';
import { recordAudit } from '../audit';
import { keyring } from '../config/keyring';
import { decryptField } from '../crypto/encryption';
import { DomainError } from '../errors';
import { isTransferDue } from './trader-payout-view';

/**
 * The recipient's full account number, for the trader assigned to the payout while their transfer
 * is due (docs/security.md, "Card numbers"). Every reveal writes `card.view` to the audit log, in the same
 * transaction: a number is never shown without its record. Another trader's order is
 * ORDER_NOT_FOUND, as if it did not exist; after the proof (or any other state) the number stays
 * hidden (INVALID_ORDER_STATE).
 */
export async function revealRecipientAccount(
  db: Db,
  input: { traderId: string; orderId: string; userId?: string | null; ip?: string | null },
) {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(payoutOrders)
      .where(and(eq(payoutOrders.id, input.orderId), eq(payoutOrders.traderId, input.traderId)));
    if (!order) throw new DomainError('ORDER_NOT_FOUND', 'Order not found.');
    if (!isTransferDue(order.status)) {
      throw new DomainError('INVALID_ORDER_STATE', `The account number is shown only while your transfer is due; the order is ${order.status}.`, {
        meta: { status: order.status },
      });
    }
    const accountNumber = decryptField(keyring(), 'card', order.recipientAccount, {
      table: 'payout_orders',
      id: order.id,
      field: 'recipient_account',
    });
    await recordAudit(tx, {
      actorType: 'trader',
      actorId: input.traderId,
      ip: input.ip ?? null,
      action: 'card.view',
      targetType: 'payout',
      targetId: order.id,
      // The last 4 only: the audit log never holds a card number.
      details: { orderNo: order.orderNo, accountLast4: order.recipientAccountLast4, userId: input.userId ?? null },
    });
    return {
      orderId: order.id,
      holderName: order.recipientHolderName,
      bankName: order.recipientBankName,
      accountNumber,
      accountLast4: order.recipientAccountLast4,
    };
  });
}
