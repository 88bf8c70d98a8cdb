import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { traders } from '../../db/schema';
import { DomainError } from '../errors';
import { applyPayoutTransition } from './apply-payout-transition';
import { merchantWindowMs } from './merchant-window';
import { payoutDetailView } from './payout-view';
import { retryTransaction } from '../../db/retry-transaction';
import { assertPayoutFitsBondCap } from '../bond/payout-bond-cap';
import { routingSettings } from '../routing/routing-settings';
import { isHeld } from '../risk/held-order-filter';
import { assertUnderPayoutTaskCap } from './payout-task-cap';
import { dispatchAtAccept } from './payout-dispatch-record';

/**
 * A trader takes a payout from the pool (PENDING_MATCH -> PENDING_PAYMENT). The first accept
 * wins; later ones get INVALID_ORDER_STATE. paymentDueAt starts from the merchant's window. While
 * the bond's cap is on, an accept that would take the trader above it gets EXPOSURE_CAP_EXCEEDED.
 * A payout a risk rule holds is not in the pool: ORDER_HELD (docs/risk.md, "Review").
 * Payout dispatch (docs/routing.md, "Payout dispatch"): a trader at its cap of open tasks gets
 * PAYOUT_TASK_CAP_REACHED; under scored dispatch a task not yet offered to the trader gets
 * PAYOUT_NOT_OFFERED, and the accept stores why this trader (payout_orders.dispatch).
 */
export async function acceptPayout(db: Db, input: { traderId: string; orderId: string }, now = new Date()) {
  return retryTransaction(db, async (tx) => {
    // The reads in one round trip; the trader's refusal still comes before the order's.
    const [traderRows, window, riskHold] = await Promise.allSettled([
      tx.select().from(traders).where(eq(traders.id, input.traderId)),
      merchantWindowMs(tx, input.orderId, 'payoutPaymentSeconds'),
      isHeld(tx, 'payout', input.orderId),
    ]);
    if (traderRows.status === 'rejected') throw traderRows.reason;
    const [trader] = traderRows.value;
    if (!trader || trader.status !== 'active') throw new DomainError('ACTION_NOT_ALLOWED', 'This trader account cannot take tasks.');
    if (!trader.online) throw new DomainError('ACTION_NOT_ALLOWED', 'Go online to accept tasks.');
    if (window.status === 'rejected') throw window.reason;
    const paymentWindowMs = window.value;
    if (riskHold.status === 'rejected') throw riskHold.reason;
    if (riskHold.value) throw new DomainError('ORDER_HELD', 'This payout is held for a risk review.');
    const { value: settings } = await routingSettings(tx);
    const held = await assertUnderPayoutTaskCap(tx, input.traderId, settings.payouts);
    const dispatch = await dispatchAtAccept(tx, { ...input, now, settings, ...held });
    await assertPayoutFitsBondCap(tx, input.traderId, input.orderId);

    const outcome = await applyPayoutTransition(tx, {
      orderId: input.orderId,
      action: 'accept',
      actor: { type: 'trader', id: input.traderId },
      now,
      set: () => ({ traderId: input.traderId, acceptedAt: now, paymentDueAt: new Date(now.getTime() + paymentWindowMs), dispatch }),
      eventData: payoutDetailView,
    });
    await tx.update(traders).set({ lastMatchedAt: now }).where(eq(traders.id, input.traderId));
    return outcome.order;
  });
}
