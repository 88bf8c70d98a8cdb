import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payoutOrders, traders } from '../../db/schema';
import { recordAudit } from '../audit';
import { keyring } from '../config/keyring';
import { decryptField } from '../crypto/encryption';
import { DomainError } from '../errors';
import { cardRevealsTotal } from './card-reveal-metrics';
import { cardRevealAllowance, type RevealAllowance } from './card-reveal-throttle';
import { isTransferDue } from './trader-payout-view';

/**
 * The recipient's full account number, for the trader assigned to the payout while their transfer
 * is due (docs/security.md, "Card numbers"). Every reveal writes `card.view` to the audit log, in
 * the same transaction, naming the accept it was made under (so giving the task back afterwards
 * counts against the trader: release-after-reveal.ts): a number is never shown without its record.
 * Another trader's order is ORDER_NOT_FOUND, as if it did not exist; after the proof (or any other
 * state) the number stays hidden (INVALID_ORDER_STATE). A trader who has seen
 * `cardRevealsPerHour` other payouts' numbers in the past hour is refused (CARD_REVEAL_THROTTLED),
 * and the refusal is audited too (`card.view_refused`).
 */
export async function revealRecipientAccount(
  db: Db,
  input: { traderId: string; orderId: string; userId?: string | null; ip?: string | null },
) {
  const outcome = await db.transaction(async (tx) => {
    // Locked, so that two reveals at once are counted one after the other.
    const [trader] = await tx.select({ status: traders.status }).from(traders).where(eq(traders.id, input.traderId)).for('update');
    if (!trader || trader.status !== 'active') throw new DomainError('ACTION_NOT_ALLOWED', 'This trader account cannot see account numbers.');
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
    const audit = { actorType: 'trader' as const, actorId: input.traderId, ip: input.ip ?? null, targetType: 'payout', targetId: order.id };
    const allowance = await cardRevealAllowance(tx, { traderId: input.traderId, orderId: order.id });
    if (!allowance.allowed) {
      await recordAudit(tx, {
        ...audit,
        action: 'card.view_refused',
        details: { orderNo: order.orderNo, reason: 'throttled', seenInHour: allowance.seen, limit: allowance.limit, userId: input.userId ?? null },
      });
      return { refused: allowance, shown: null };
    }
    const accountNumber = decryptField(keyring(), 'card', order.recipientAccount, {
      table: 'payout_orders',
      id: order.id,
      field: 'recipient_account',
    });
    await recordAudit(tx, {
      ...audit,
      action: 'card.view',
      // The last 4 only: the audit log never holds a card number.
      details: {
        orderNo: order.orderNo,
        accountLast4: order.recipientAccountLast4,
        userId: input.userId ?? null,
        acceptedAt: order.acceptedAt?.toISOString() ?? null,
      },
    });
    return {
      refused: null,
      shown: {
        orderId: order.id,
        holderName: order.recipientHolderName,
        bankName: order.recipientBankName,
        accountNumber,
        accountLast4: order.recipientAccountLast4,
      },
    };
  });
  if (outcome.refused) {
    cardRevealsTotal.inc({ result: 'throttled' });
    throw throttled(outcome.refused);
  }
  cardRevealsTotal.inc({ result: 'shown' });
  return outcome.shown;
}

function throttled(refusal: Exclude<RevealAllowance, { allowed: true }>) {
  return new DomainError(
    'CARD_REVEAL_THROTTLED',
    `You have seen ${refusal.seen} payouts' account numbers in the past hour, the most allowed; try again in ${refusal.retryAfterSeconds} s.`,
    { meta: { retryAfterSeconds: String(refusal.retryAfterSeconds), limit: String(refusal.limit) } },
  );
}
