import type { Db } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { recordAudit } from '../audit';
import { applyPayinTransition, type PayinRow } from './apply-payin-transition';
import { findMerchantPayin } from './find-payin';
import { payinDetailView } from './payin-view';

export interface MerchantCancelPayinInput {
  merchantId: string;
  /** The platform orderNo or the merchant's merchantOrderNo. */
  reference: string;
  /** Already checked by orderCancelInput (server/validation/order-cancel.schema.ts). */
  reason?: string | undefined;
  /** The console's user who cancels (the audit row names them); absent for an API key. */
  by?: { userId: string; ip: string | null } | undefined;
}

/**
 * The merchant cancels a pay-in before the buyer reports paying (docs/api.md, "Cancel a pay-in"):
 * PENDING_MATCH or PENDING_PAYMENT -> CANCELLED, a matched trader's escrow back to their available
 * balance, order.cancelled, all in one transaction. From "I Have Paid" on, or once expired, it is
 * INVALID_ORDER_STATE with the status: a cancel racing the buyer's click or the expiry timer loses
 * cleanly if the other took the row lock first. Audited like the payout's cancel.
 */
export async function merchantCancelPayin(db: Db, input: MerchantCancelPayinInput, now = new Date()): Promise<PayinRow> {
  const order = await findMerchantPayin(db, input.merchantId, input.reference);
  const reason = input.reason ?? null;
  return retryTransaction(db, async (tx) => {
    const outcome = await applyPayinTransition(tx, {
      orderId: order.id,
      action: 'merchant_cancel',
      actor: { type: 'merchant', id: input.merchantId },
      scope: { merchantId: input.merchantId },
      now,
      note: reason,
      set: () => ({ cancelledAt: now }),
      eventData: payinDetailView,
    });
    await recordAudit(tx, {
      actorType: 'merchant',
      actorId: input.by?.userId ?? input.merchantId,
      ip: input.by?.ip ?? null,
      action: 'payin.merchant_cancel',
      targetType: 'payin',
      targetId: order.id,
      details: { orderNo: order.orderNo, from: outcome.from, reason },
    });
    return outcome.order;
  });
}
