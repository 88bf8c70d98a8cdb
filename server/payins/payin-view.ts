import type { payinOrders } from '../../db/schema';
import { fmt2, fmt6, fmtRate, isoMs, isoMsOrNull } from '../money/format';

type PayinRow = typeof payinOrders.$inferSelect;

/** List items of merchant-api.md section 2.2 (the order is named `id` here, `orderId` on create). */
export function payinListView(order: PayinRow) {
  return {
    id: order.id,
    orderNo: order.orderNo,
    merchantOrderNo: order.merchantOrderNo,
    merchantId: order.merchantId,
    traderId: order.traderId,
    direction: 'DEPOSIT' as const,
    status: order.status,
    pair: 'USDT/CNY' as const,
    assetSymbol: 'USDT' as const,
    assetAmount: fmt6(order.assetAmount),
    fiatCurrency: 'CNY' as const,
    fiatAmount: fmt2(order.fiatAmount),
    fxRate: fmtRate(order.fxRate),
    usdAmount: fmt2(order.usdAmount),
    usdFeeAmount: fmt2(order.usdFeeAmount),
    paymentSubmittedAt: isoMsOrNull(order.paymentSubmittedAt),
    completedAt: isoMsOrNull(order.completedAt),
    createdAt: isoMs(order.createdAt),
    updatedAt: isoMs(order.updatedAt),
  };
}

/** The detail of merchant-api.md section 2.2: list fields plus the detail-only ones. Also the body of pay-in events. */
export function payinDetailView(order: PayinRow) {
  return {
    ...payinListView(order),
    disputeReason: order.disputeReason,
    chainTxKey: order.chainTxKey,
    source: order.source,
    metadata: order.metadata ?? {},
  };
}
