import type { payinOrders } from '../../db/schema';

type PayinRow = typeof payinOrders.$inferSelect;

/**
 * How long a checkout link keeps working once its order is over (completed, cancelled, failed): long
 * enough for the buyer to reload and read the outcome or follow the link back to the merchant, short
 * enough that an old link in a chat history stops answering (docs/api.md, "Checkout").
 */
export const CHECKOUT_LINK_AFTER_END_MS = 24 * 60 * 60 * 1000;

const ended: ReadonlySet<string> = new Set(['COMPLETED', 'CANCELLED', 'FAILED']);

/** Whether the link answers 404 like an unknown one. */
export function checkoutLinkExpired(order: Pick<PayinRow, 'status' | 'updatedAt'>, now: Date): boolean {
  return ended.has(order.status) && now.getTime() - order.updatedAt.getTime() > CHECKOUT_LINK_AFTER_END_MS;
}
