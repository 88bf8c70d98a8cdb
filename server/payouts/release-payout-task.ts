import type { Db } from '../../db/client';
import { recordAudit } from '../audit';
import { applyPayoutTransition } from '../state-machines/apply-transition';
import { merchantWindowMs } from './merchant-window';
import { retryTransaction } from '../../db/retry-transaction';

/**
 * The trader gives an accepted task back before paying (PENDING_PAYMENT -> PENDING_MATCH): the
 * order returns to the pool with a fresh match window and no trader. After a proof, or once
 * overdue, the machine refuses (INVALID_ORDER_STATE); another trader's order is ORDER_NOT_FOUND.
 */
export async function releasePayoutTask(db: Db, input: { traderId: string; orderId: string }, now = new Date()) {
  return retryTransaction(db, async (tx) => {
    const matchWindowMs = await merchantWindowMs(tx, input.orderId, 'payoutMatchSeconds');
    const outcome = await applyPayoutTransition(tx, {
      orderId: input.orderId,
      action: 'release_task',
      actor: { type: 'trader', id: input.traderId },
      scope: { traderId: input.traderId },
      now,
      set: () => ({ traderId: null, acceptedAt: null, paymentDueAt: null, matchDueAt: new Date(now.getTime() + matchWindowMs) }),
    });
    await recordAudit(tx, {
      actorType: 'trader',
      actorId: input.traderId,
      action: 'payout.release_task',
      targetType: 'payout',
      targetId: input.orderId,
      details: { orderNo: outcome.order.orderNo },
    });
    return outcome.order;
  });
}
