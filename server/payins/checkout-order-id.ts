import type { Executor } from '../../db/client';
import { DomainError } from '../errors';
import { payinByToken } from './payin-by-token';
import { checkoutLinkExpired } from './checkout-link';

/** The order a live checkout link opens, and whether it can still change (nothing to wait for once final). */
export async function checkoutOrderOf(db: Executor, token: string, now = new Date()): Promise<{ orderId: string; final: boolean }> {
  const order = await payinByToken(db, token);
  if (checkoutLinkExpired(order, now)) throw new DomainError('ORDER_NOT_FOUND', 'This payment link is not valid.');
  return { orderId: order.id, final: order.status === 'COMPLETED' || order.status === 'CANCELLED' || order.status === 'FAILED' };
}
