import type { Db } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { DomainError, isDomainError } from '../errors';
import { applyPayoutTransition } from '../state-machines/apply-transition';
import { findMerchantPayout } from './find-payout';
import { payoutDetailView } from './payout-view';

/**
 * The merchant takes back its dispute (docs/state-machines.md, "Pauses"): the payout returns to
 * PAYMENT_SUBMITTED for the merchant to decide again, merchantActionDueAt moved on by the time the
 * dispute took, and the operator's claim on the closed case is dropped. A payout that is not
 * disputed (ruled already, withdrawn already, never disputed) answers DISPUTE_NOT_WITHDRAWABLE.
 */
export async function withdrawPayoutDispute(db: Db, input: { merchantId: string; reference: string }, now = new Date()) {
  const order = await findMerchantPayout(db, input.merchantId, input.reference);
  try {
    const outcome = await retryTransaction(db, (tx) =>
      applyPayoutTransition(tx, {
        orderId: order.id,
        action: 'withdraw_dispute',
        actor: { type: 'merchant', id: input.merchantId },
        scope: { merchantId: input.merchantId },
        now,
        note: 'dispute withdrawn by the merchant',
        set: () => ({ claimedBy: null }),
        eventData: payoutDetailView,
      }),
    );
    return outcome.order;
  } catch (error) {
    // The state check is the machine's; its answer is named for this action so a client can tell
    // "nothing to withdraw" from any other refusal.
    if (isDomainError(error) && error.code === 'INVALID_ORDER_STATE') {
      throw new DomainError('DISPUTE_NOT_WITHDRAWABLE', 'This payout has no open dispute to withdraw.', { meta: error.meta });
    }
    throw error;
  }
}
