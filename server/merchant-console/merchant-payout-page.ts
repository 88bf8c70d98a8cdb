import type { Executor } from '../../db/client';
import { listMerchantPayoutEvidence } from '../disputes/list-merchant-payout-evidence';
import { payoutRulingOf } from '../payouts/payout-ruling';
import { findMerchantPayout } from '../payouts/find-payout';
import { payoutDetailView } from '../payouts/payout-view';
import { listPayoutProofs } from '../proofs/list-payout-proofs';
import { actionsFrom } from '../orders/machine';
import { payoutMachine } from '../payouts/payout-machine';
import { merchantOrderTimeline } from './merchant-order-timeline';

/**
 * Everything the console's payout page shows, from the merchant API's own functions: the detail
 * (GET /api/v1/withdrawals/:orderNo), the recipient's name and bank, the proofs with their signed URLs, the merchant's dispute
 * evidence, the timeline, and the merchant's actions from its status as the state machine lists
 * them (the page offers exactly those). Another merchant's payout is ORDER_NOT_FOUND, like a missing one.
 */
export async function merchantPayoutPage(db: Executor, options: { merchantId: string; reference: string; now?: Date }) {
  const order = await findMerchantPayout(db, options.merchantId, options.reference);
  const reference = order.orderNo;
  const [proofs, evidence, timeline] = await Promise.all([
    listPayoutProofs(db, { merchantId: options.merchantId, reference, now: options.now ?? new Date() }),
    listMerchantPayoutEvidence(db, { merchantId: options.merchantId, reference }),
    merchantOrderTimeline(db, { orderId: order.id }),
  ]);
  return {
    payout: { ...payoutDetailView(order), disputeReason: order.disputeReason },
    // The recipient as the merchant gave it, the account masked to its last 4 digits
    // (docs/security.md, "Card numbers"): the full number is never read here.
    recipient: { holderName: order.recipientHolderName, bankName: order.recipientBankName, accountLast4: order.recipientAccountLast4 },
    actions: actionsFrom(payoutMachine, order.status, 'merchant'),
    // What an operator's ruling moved, exactly as its ledger transfer did; null before one.
    ruling: payoutRulingOf(order),
    proofs: proofs.items,
    evidence,
    timeline,
  };
}
