import type { Db } from '../../db/client';
import { recordAudit } from '../audit';
import { applyPayoutTransition } from './apply-payout-transition';
import { releasesAfterRevealTotal } from './card-reveal-metrics';
import { merchantWindowMs } from './merchant-window';
import { chargeReleaseAfterReveal, revealedWhileHeld, type ReleaseAfterRevealCharge } from './release-after-reveal';
import { retryTransaction } from '../../db/retry-transaction';

/**
 * The trader gives an accepted task back before paying (PENDING_PAYMENT -> PENDING_MATCH): the
 * order returns to the pool with a fresh match window and no trader. After a proof, or once
 * overdue, the machine refuses (INVALID_ORDER_STATE); another trader's order is ORDER_NOT_FOUND.
 * A task whose account number the trader saw is counted against them, and past the daily limit
 * suspends them (docs/security.md, "Card numbers"); `afterReveal` says what it cost.
 */
export async function releasePayoutTask(db: Db, input: { traderId: string; orderId: string }, now = new Date()) {
  const released = await retryTransaction(db, async (tx) => {
    const matchWindowMs = await merchantWindowMs(tx, input.orderId, 'payoutMatchSeconds');
    let heldSince: Date | null = null;
    const outcome = await applyPayoutTransition(tx, {
      orderId: input.orderId,
      action: 'release_task',
      actor: { type: 'trader', id: input.traderId },
      scope: { traderId: input.traderId },
      now,
      set: (locked) => {
        heldSince = locked.acceptedAt;
        // Back in the pool: its dispatch rings start again, the others first (docs/routing.md, "Payout dispatch").
        return {
          traderId: null,
          acceptedAt: null,
          paymentDueAt: null,
          matchDueAt: new Date(now.getTime() + matchWindowMs),
          offeredSince: now,
          passedTraderId: input.traderId,
        };
      },
    });
    const afterReveal = await revealedWhileHeld(tx, { traderId: input.traderId, orderId: input.orderId, acceptedAt: heldSince });
    await recordAudit(tx, {
      actorType: 'trader',
      actorId: input.traderId,
      action: 'payout.release_task',
      targetType: 'payout',
      targetId: input.orderId,
      details: { orderNo: outcome.order.orderNo, ...(afterReveal ? { afterReveal: true } : {}) },
    });
    const charge: ReleaseAfterRevealCharge | null = afterReveal
      ? await chargeReleaseAfterReveal(tx, { traderId: input.traderId, orderNo: outcome.order.orderNo })
      : null;
    return { order: outcome.order, afterReveal: charge };
  });
  if (released.afterReveal) releasesAfterRevealTotal.inc({ outcome: released.afterReveal.suspended ? 'suspended' : 'counted' });
  return released;
}
