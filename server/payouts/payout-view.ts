import type { payoutOrders } from '../../db/schema';
import { fmt2, fmtSlippage, isoMs, isoMsOrNull } from '../money/format';

type PayoutRow = typeof payoutOrders.$inferSelect;

/** The create response of merchant-api.md section 2.1. */
export function payoutCreateView(order: PayoutRow) {
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    status: order.status,
    direction: 'WITHDRAW' as const,
    fiatAmount: fmt2(order.lockedFiatAmount),
    fiatCurrency: order.fiatCurrency,
    usdAmount: fmt2(order.usdAmount),
    usdFeeAmount: fmt2(order.usdFeeAmount),
    createdAt: isoMs(order.createdAt),
  };
}

/**
 * List items and detail of merchant-api.md section 2.1, plus bankAccountLast4 (decisions.md
 * section 7): the most of the card number any response shows. Also the body of payout events.
 */
export function payoutDetailView(order: PayoutRow) {
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    merchantOrderNo: order.merchantOrderNo,
    status: order.status,
    direction: 'WITHDRAW' as const,
    usdAmount: fmt2(order.usdAmount),
    usdFeeAmount: fmt2(order.usdFeeAmount),
    feeBps: order.feeBps,
    fiatCurrency: order.fiatCurrency,
    referenceFiatAmount: fmt2(order.referenceFiatAmount),
    slippage: fmtSlippage(order.slippage),
    lockedFiatAmount: fmt2(order.lockedFiatAmount),
    traderId: order.traderId,
    paymentDueAt: isoMsOrNull(order.paymentDueAt),
    merchantActionDueAt: isoMsOrNull(order.merchantActionDueAt),
    firstProofSubmittedAt: isoMsOrNull(order.firstProofSubmittedAt),
    bankAccountLast4: order.recipientAccountLast4,
    createdAt: isoMs(order.createdAt),
    updatedAt: isoMs(order.updatedAt),
  };
}

export type PayoutCreateView = ReturnType<typeof payoutCreateView>;
export type PayoutDetailView = ReturnType<typeof payoutDetailView>;

