import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { disputeRulingProposals } from '../../db/schema';
import { DomainError, isDomainError } from '../errors';
import { applyPayoutTransition } from './apply-payout-transition';
import { findMerchantPayout } from './find-payout';
import { payoutDetailView } from './payout-view';

/**
 * The merchant takes back its dispute (docs/state-machines.md, "Pauses"): the payout returns to
 * PAYMENT_SUBMITTED for the merchant to decide again, merchantActionDueAt moved on by the time the
 * dispute took, the operator's claim on the closed case is dropped and a pending ruling proposal is withdrawn. A payout that is not
 * disputed (ruled already, withdrawn already, never disputed) answers DISPUTE_NOT_WITHDRAWABLE.
 */
export async function withdrawPayoutDispute(db: Db, input: { merchantId: string; reference: string }, now = new Date()) {
  const order = await findMerchantPayout(db, input.merchantId, input.reference);
  try {
    const outcome = await retryTransaction(db, async (tx) => {
      const applied = await applyPayoutTransition(tx, {
        orderId: order.id,
        action: 'withdraw_dispute',
        actor: { type: 'merchant', id: input.merchantId },
        scope: { merchantId: input.merchantId },
        now,
        note: 'dispute withdrawn by the merchant',
        set: () => ({ claimedBy: null }),
        eventData: payoutDetailView,
      });
      // A ruling proposed for the closed case awaits no approval any more (docs/operator-guide.md, "Four eyes").
      await tx
        .update(disputeRulingProposals)
        .set({ status: 'withdrawn', decidedAt: now })
        .where(and(eq(disputeRulingProposals.flow, 'payout'), eq(disputeRulingProposals.orderId, order.id), eq(disputeRulingProposals.status, 'pending')));
      return applied;
    });
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
