import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payinOrders } from '../../db/schema';
import { DomainError } from '../errors';
import { checkoutTokenHash } from './checkout-token';

type PayinRow = typeof payinOrders.$inferSelect;

/** The order a checkout token opens; an unknown token looks exactly like a missing order. */
export async function payinByToken(db: Executor, token: string): Promise<PayinRow> {
  if (!/^[A-Za-z0-9_-]{22,128}$/.test(token)) throw new DomainError('ORDER_NOT_FOUND', 'This payment link is not valid.');
  const [order] = await db.select().from(payinOrders).where(eq(payinOrders.payTokenHash, checkoutTokenHash(token)));
  if (!order) throw new DomainError('ORDER_NOT_FOUND', 'This payment link is not valid.');
  return order;
}
