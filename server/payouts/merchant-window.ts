import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { merchants, payoutOrders } from '../../db/schema';
import { DomainError } from '../errors';

type WindowColumn = 'payoutMatchSeconds' | 'payoutPaymentSeconds' | 'payoutMerchantActionSeconds';

/** One of the time windows (docs/state-machines.md, "Time windows") of the merchant a payout belongs to, in ms. */
export async function merchantWindowMs(db: Executor, orderId: string, window: WindowColumn): Promise<number> {
  const [row] = await db
    .select({ seconds: merchants[window] })
    .from(payoutOrders)
    .innerJoin(merchants, eq(merchants.id, payoutOrders.merchantId))
    .where(eq(payoutOrders.id, orderId));
  if (!row) throw new DomainError('ORDER_NOT_FOUND', 'Order not found.');
  return row.seconds * 1000;
}
