import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payoutOrders } from '../../db/schema';
import { DomainError } from '../errors';
import { transitionFor } from '../orders/machine';
import { payoutMachine, type PayoutStatus } from '../payouts/payout-machine';

/**
 * Whether `traderId` may upload proof for this payout now: it is theirs and awaits proof. Checked
 * before any image is decoded (docs/security.md), so an upload to a random, foreign or settled
 * order costs a primary-key lookup, not seconds of image work. The answers are the ones the
 * transition itself gives (another trader's order does not exist for this one); the transition
 * re-checks everything under its row lock, so this is a gate, not the authority.
 */
export async function checkProofTarget(db: Executor, input: { traderId: string; orderId: string }): Promise<void> {
  const [order] = await db
    .select({ traderId: payoutOrders.traderId, status: payoutOrders.status })
    .from(payoutOrders)
    .where(eq(payoutOrders.id, input.orderId));
  if (!order || order.traderId !== input.traderId) throw new DomainError('ORDER_NOT_FOUND', 'Order not found.');
  const { from } = transitionFor(payoutMachine, 'submit_proof');
  const status = order.status as PayoutStatus;
  if (!from.includes(status)) {
    throw new DomainError('INVALID_ORDER_STATE', `The order is ${status}; to submit proof it must be ${from.join(' or ')}.`, {
      meta: { status },
    });
  }
}
