import type { Db } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { recordAudit } from '../audit';
import { applyPayoutTransition, type PayoutRow } from './apply-payout-transition';
import { findMerchantPayout } from './find-payout';
import { payoutDetailView } from './payout-view';

export interface MerchantCancelPayoutInput {
  merchantId: string;
  /** The platform orderNo or the merchant's merchantOrderNo. */
  reference: string;
  /** Already checked by orderCancelInput (server/validation/order-cancel.schema.ts). */
  reason?: string | undefined;
  /** The console's user who cancels (the audit row names them); absent for an API key. */
  by?: { userId: string; ip: string | null } | undefined;
}

/**
 * The merchant cancels a payout no trader has taken (docs/api.md, "Cancel a payout"): PENDING_MATCH
 * -> CANCELLED, the frozen usdAmount + fee back to available, payout.cancelled, all in one
 * transaction. Any later status, CANCELLED included, is INVALID_ORDER_STATE with that status: a
 * cancel racing a trader's accept loses cleanly if the accept took the row lock first. Audited
 * like the operator's cancel, since it moves the merchant's money.
 */
export async function merchantCancelPayout(db: Db, input: MerchantCancelPayoutInput, now = new Date()): Promise<PayoutRow> {
  const order = await findMerchantPayout(db, input.merchantId, input.reference);
  const reason = input.reason ?? null;
  return retryTransaction(db, async (tx) => {
    const outcome = await applyPayoutTransition(tx, {
      orderId: order.id,
      action: 'merchant_cancel',
      actor: { type: 'merchant', id: input.merchantId },
      scope: { merchantId: input.merchantId },
      now,
      note: reason,
      set: () => ({ cancelledAt: now }),
      eventData: payoutDetailView,
    });
    await recordAudit(tx, {
      actorType: 'merchant',
      actorId: input.by?.userId ?? input.merchantId,
      ip: input.by?.ip ?? null,
      action: 'payout.merchant_cancel',
      targetType: 'payout',
      targetId: order.id,
      details: { orderNo: order.orderNo, from: outcome.from, reason },
    });
    return outcome.order;
  });
}
