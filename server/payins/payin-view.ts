import type { z } from 'zod';
import { payinOrders } from '../../db/schema';
import type { payinCreateResponse, payinDetailResponse, payinListItem } from './payin-view.schema';
import { fmt2, fmt6, fmtRate, isoMs, isoMsOrNull } from '../money/format';

type PayinRow = typeof payinOrders.$inferSelect;

/**
 * The columns a merchant's list item shows (payinListView): 15 of the table's. A list page reads
 * these alone, as the payout list does, because mapping a row costs the server per column
 * (docs/performance.md, "A list page mapped every column").
 */
export const payinListColumns = {
  id: payinOrders.id,
  orderNo: payinOrders.orderNo,
  merchantOrderNo: payinOrders.merchantOrderNo,
  merchantId: payinOrders.merchantId,
  traderId: payinOrders.traderId,
  status: payinOrders.status,
  assetAmount: payinOrders.assetAmount,
  fiatAmount: payinOrders.fiatAmount,
  fxRate: payinOrders.fxRate,
  usdAmount: payinOrders.usdAmount,
  usdFeeAmount: payinOrders.usdFeeAmount,
  paymentSubmittedAt: payinOrders.paymentSubmittedAt,
  completedAt: payinOrders.completedAt,
  createdAt: payinOrders.createdAt,
  updatedAt: payinOrders.updatedAt,
};

type PayinListRow = Pick<PayinRow, keyof typeof payinListColumns>;

/** List items of docs/api.md, "List pay-ins" (the order is named `id` here, `orderId` on create). */
export function payinListView(order: PayinListRow): z.infer<typeof payinListItem> {
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

/** The detail of docs/api.md, "Query a pay-in": list fields plus the detail-only ones. Also the body of pay-in events. */
export function payinDetailView(order: PayinRow): z.infer<typeof payinDetailResponse> {
  return {
    ...payinListView(order),
    disputeReason: order.disputeReason,
    chainTxKey: order.chainTxKey,
    source: order.source,
    metadata: order.metadata ?? {},
  };
}

/** The create response of docs/api.md, "Create a pay-in" (`orderId` here, `id` in list and detail). */
export function payinCreateView(
  order: Pick<PayinRow, 'id' | 'orderNo' | 'status' | 'assetAmount' | 'fiatAmount' | 'usdAmount' | 'usdFeeAmount' | 'feeBps' | 'expiresAt' | 'fxRate' | 'quotedAt'>,
  payUrl: string,
): z.infer<typeof payinCreateResponse> {
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    status: order.status as 'PENDING_PAYMENT' | 'PENDING_MATCH',
    assetAmount: fmt6(order.assetAmount),
    fiatAmount: fmt2(order.fiatAmount),
    fiatCurrency: 'CNY' as const,
    usdAmount: fmt2(order.usdAmount),
    usdFeeAmount: fmt2(order.usdFeeAmount),
    feeBps: order.feeBps,
    expiresAt: isoMs(order.expiresAt),
    payUrl,
    pricingSnapshot: {
      fxRate: fmtRate(order.fxRate),
      fiatCurrency: 'CNY' as const,
      fiatAmount: fmt2(order.fiatAmount),
      feeAmount: fmt2(order.usdFeeAmount),
      quotedAt: isoMs(order.quotedAt),
    },
  };
}
