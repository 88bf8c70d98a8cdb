import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { traders } from '../../db/schema';
import { DomainError } from '../errors';
import { applyPayoutTransition } from './apply-payout-transition';
import { merchantWindowMs } from './merchant-window';
import { payoutDetailView } from './payout-view';
import { retryTransaction } from '../../db/retry-transaction';
import { assertPayoutFitsBondCap } from '../bond/payout-bond-cap';
import { isHeld } from '../risk/held-order-filter';

/**
 * A trader takes a payout from the pool (PENDING_MATCH -> PENDING_PAYMENT). The first accept
 * wins; later ones get INVALID_ORDER_STATE. paymentDueAt starts from the merchant's window. While
 * the bond's cap is on, an accept that would take the trader above it gets EXPOSURE_CAP_EXCEEDED.
 * A payout a risk rule holds is not in the pool: ORDER_HELD (docs/risk.md, "Review").
 */
export async function acceptPayout(db: Db, input: { traderId: string; orderId: string }, now = new Date()) {
  return retryTransaction(db, async (tx) => {
    // The reads in one round trip; the trader's refusal still comes before the order's.
    const [traderRows, window, held] = await Promise.allSettled([
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
    if (held.status === 'rejected') throw held.reason;
    if (held.value) throw new DomainError('ORDER_HELD', 'This payout is held for a risk review.');
    await assertPayoutFitsBondCap(tx, input.traderId, input.orderId);

    const outcome = await applyPayoutTransition(tx, {
      orderId: input.orderId,
      action: 'accept',
      actor: { type: 'trader', id: input.traderId },
      now,
      set: () => ({ traderId: input.traderId, acceptedAt: now, paymentDueAt: new Date(now.getTime() + paymentWindowMs) }),
      eventData: payoutDetailView,
    });
    await tx.update(traders).set({ lastMatchedAt: now }).where(eq(traders.id, input.traderId));
    return outcome.order;
  });
}
