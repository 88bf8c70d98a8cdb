import type { payoutOrders } from '../../db/schema';
import { payoutRulingOf } from './payout-ruling';
import { fmt2, isoMs, isoMsOrNull } from '../money/format';
import { payoutStates, type PayoutStatus } from './payout-machine';

type PayoutRow = typeof payoutOrders.$inferSelect;

/** While these hold, the assigned trader owes the transfer and may see the full account number. */
const transferDueStatuses: readonly PayoutStatus[] = ['PENDING_PAYMENT', 'PAYMENT_OVERDUE'];

export const isTransferDue = (status: PayoutStatus) => transferDueStatuses.includes(status);

/**
 * A payout as its assigned trader sees it on "My payouts": the recipient's holder name and bank,
 * the account's last 4 digits only (the full number comes from the audited reveal), the deadlines
 * and the merchant's decision.
 */
export function traderPayoutView(order: PayoutRow, proofCount: number, numberSeen = false) {
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    status: order.status,
    statusLabel: payoutStates[order.status].label,
    fiatAmount: fmt2(order.lockedFiatAmount),
    fiatCurrency: 'CNY' as const,
    usdAmount: fmt2(order.usdAmount),
    fxRate: order.fxRate,
    holderName: order.recipientHolderName,
    bankName: order.recipientBankName,
    accountLast4: order.recipientAccountLast4,
    acceptedAt: isoMsOrNull(order.acceptedAt),
    paymentDueAt: isoMsOrNull(order.paymentDueAt),
    firstProofSubmittedAt: isoMsOrNull(order.firstProofSubmittedAt),
    merchantActionDueAt: isoMsOrNull(order.merchantActionDueAt),
    proofCount,
    disputeReason: order.disputeReason,
    resolutionNote: order.resolutionNote,
    /** What an operator's ruling paid the trader, returned to the merchant and kept as the fee; null before one. */
    ruling: payoutRulingOf(order),
    completedAt: isoMsOrNull(order.completedAt),
    cancelledAt: isoMsOrNull(order.cancelledAt),
    updatedAt: isoMs(order.updatedAt),
    /** The account number can be revealed and proof uploaded. */
    transferDue: isTransferDue(order.status),
    /** The task can be given back to the pool. */
    canRelease: order.status === 'PENDING_PAYMENT',
    /**
     * The trader saw the full number since accepting: giving the task back now counts against them
     * (docs/security.md, "Card numbers"), which the page says before they confirm.
     */
    numberSeen,
  };
}
