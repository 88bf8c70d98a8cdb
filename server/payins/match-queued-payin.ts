import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { payinOrders, traders } from '../../db/schema';
import { isDomainError } from '../errors';
import { payinCandidates } from '../quotes/payin-candidates';
import { applyPayinTransition } from './apply-payin-transition';
import { payinDetailView } from './payin-view';
import { freePaymentAmount, OPEN_PAYMENT_AMOUNT_KEY } from './payment-amount';
import { isUniqueViolation } from '../../db/errors';

/**
 * Tries to match one queued pay-in (PENDING_MATCH) to a trader who can serve it at its locked rate
 * or better for the buyer; escrows their USDT with the `match` transition. Returns whether it matched.
 */
export async function matchQueuedPayin(tx: Tx, orderId: string, now: Date): Promise<boolean> {
  const [order] = await tx.select().from(payinOrders).where(eq(payinOrders.id, orderId));
  if (!order || order.status !== 'PENDING_MATCH' || order.expiresAt.getTime() <= now.getTime()) return false;
  const candidates = await payinCandidates(tx, { assetAmount: order.assetAmount }, { maxPrice: order.fxRate });
  for (const candidate of candidates.filter((c) => c.canEscrow && c.bankAccountId)) {
    // An auto-confirm account gets a cent offset (payment-amount.ts); a race for it tries the next trader.
    const paymentFiatAmount = candidate.autoConfirm ? await freePaymentAmount(tx, { bankAccountId: candidate.bankAccountId as string, fiatAmount: order.fiatAmount }) : null;
    if (candidate.autoConfirm && !paymentFiatAmount) continue;
    try {
      await tx.transaction(async (savepoint) => {
        await applyPayinTransition(savepoint, {
          orderId,
          action: 'match',
          actor: { type: 'system' },
          now,
          set: () => ({ traderId: candidate.traderId, traderBankAccountId: candidate.bankAccountId, matchedAt: now, paymentFiatAmount }),
          eventData: payinDetailView,
        });
        await savepoint.update(traders).set({ lastMatchedAt: now }).where(eq(traders.id, candidate.traderId));
      });
      return true;
    } catch (error) {
      if (!isDomainError(error, 'INSUFFICIENT_BALANCE') && !isUniqueViolation(error, OPEN_PAYMENT_AMOUNT_KEY)) throw error;
    }
  }
  return false;
}
