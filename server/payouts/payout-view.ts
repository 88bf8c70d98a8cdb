import type { z } from 'zod';
import type { payoutOrders } from '../../db/schema';
import type { payoutViewColumns } from '../../db/statements/payout-reads';
import { fmt2, fmtSlippage, isoMs, isoMsOrNull } from '../money/format';
import type { payoutCreateResponse, payoutDetailResponse } from './payout-view.schema';

type PayoutRow = typeof payoutOrders.$inferSelect;

/** What the merchant's view of a payout reads: a list page selects these columns alone. */
export type PayoutViewRow = Pick<PayoutRow, keyof typeof payoutViewColumns>;

/** The create response of docs/api.md, "Create a payout". */
export function payoutCreateView(
  order: Pick<PayoutRow, 'id' | 'orderNo' | 'status' | 'lockedFiatAmount' | 'usdAmount' | 'usdFeeAmount' | 'createdAt'>,
): z.infer<typeof payoutCreateResponse> {
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    status: order.status,
    direction: 'WITHDRAW' as const,
    fiatAmount: fmt2(order.lockedFiatAmount),
    fiatCurrency: 'CNY',
    usdAmount: fmt2(order.usdAmount),
    usdFeeAmount: fmt2(order.usdFeeAmount),
    createdAt: isoMs(order.createdAt),
  };
}

/**
 * List items and detail of docs/api.md, "Query a payout", with bankAccountLast4 (docs/security.md,
 * "Card numbers"): the most of the card number any response shows. Also the body of payout events.
 */
export function payoutDetailView(order: PayoutViewRow): z.infer<typeof payoutDetailResponse> {
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    merchantOrderNo: order.merchantOrderNo,
    status: order.status,
    direction: 'WITHDRAW' as const,
    usdAmount: fmt2(order.usdAmount),
    usdFeeAmount: fmt2(order.usdFeeAmount),
    feeBps: order.feeBps,
    fiatCurrency: 'CNY',
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


