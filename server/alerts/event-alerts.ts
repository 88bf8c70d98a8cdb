import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { payinOrders, payoutOrders } from '../../db/schema';
import type { NewAlert } from './enqueue-alert';

export interface QueuedEvent {
  id: string;
  type: string;
  flow: string;
  orderId: string | null;
  merchantId: string;
  createdAt: Date;
}

/**
 * The alerts one outbox event makes (docs/alerts.md, "Kinds"). The facts come from the order's
 * row, chosen field by field (order number, amount), never from the event's payload, so nothing a
 * person typed and no card data can reach a message.
 */
export async function alertsOfEvent(tx: Tx, event: QueuedEvent): Promise<NewAlert[]> {
  if (!event.orderId) return [];
  const base = { source: event.id, now: event.createdAt };
  if (event.flow === 'payout') {
    const [order] = await tx
      .select({ orderNo: payoutOrders.orderNo, traderId: payoutOrders.traderId, fiat: payoutOrders.lockedFiatAmount, currency: payoutOrders.fiatCurrency })
      .from(payoutOrders)
      .where(eq(payoutOrders.id, event.orderId));
    if (!order) return [];
    const params = { orderNo: order.orderNo, amount: order.fiat, currency: order.currency, flow: 'payout' as const };
    switch (event.type) {
      case 'payout.proof_submitted':
        return [{ ...base, kind: 'payout_to_confirm', recipients: { merchantId: event.merchantId }, params }];
      case 'payout.reassigned':
        // Back in the pool: the traders whose BUY limits fit it hear of it from the pool scan (scan-alerts.ts).
        return [];
      case 'payout.disputed':
        return [
          { ...base, kind: 'dispute_opened', recipients: { operators: true }, params },
          ...(order.traderId ? [{ ...base, kind: 'dispute_opened' as const, recipients: { traderId: order.traderId }, params }] : []),
        ];
      case 'payout.dispute_resolved':
        return order.traderId ? [{ ...base, kind: 'dispute_resolved', recipients: { traderId: order.traderId }, params }] : [];
      default:
        return [];
    }
  }
  if (event.flow === 'payin') {
    const [order] = await tx
      .select({ orderNo: payinOrders.orderNo, traderId: payinOrders.traderId, fiat: payinOrders.fiatAmount, currency: payinOrders.fiatCurrency })
      .from(payinOrders)
      .where(eq(payinOrders.id, event.orderId));
    if (!order?.traderId) return [];
    const params = { orderNo: order.orderNo, amount: order.fiat, currency: order.currency, flow: 'payin' as const };
    switch (event.type) {
      case 'order.payment_submitted':
        return [{ ...base, kind: 'payin_to_confirm', recipients: { traderId: order.traderId }, params }];
      case 'order.disputed':
        return [
          { ...base, kind: 'dispute_opened', recipients: { operators: true }, params },
          { ...base, kind: 'dispute_opened', recipients: { traderId: order.traderId }, params },
        ];
      case 'order.dispute_resolved':
        return [{ ...base, kind: 'dispute_resolved', recipients: { traderId: order.traderId }, params }];
      default:
        return [];
    }
  }
  return [];
}
