import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { payinOrders, traders } from '../../db/schema';
import { isDomainError } from '../errors';
import { routePayin, type RoutingRandom } from '../routing/route-payin';
import { claimAccountCapacity } from '../routing/claim-account-capacity';
import { payinFitsBondCap } from '../bond/trader-exposure';
import { applyPayinTransition } from './apply-payin-transition';
import { payinDetailView } from './payin-view';
import { freePaymentAmount, OPEN_PAYMENT_AMOUNT_KEY } from './payment-amount';
import { isUniqueViolation } from '../../db/errors';

interface MatchQueuedPayinOptions {
  orderId: string;
  now: Date;
  random?: RoutingRandom;
}

/**
 * Tries to match one queued pay-in (PENDING_MATCH) to a trader who can serve it at its locked rate
 * or better for the buyer, routed as new pay-ins are (docs/routing.md); claims the account's daily
 * capacity and escrows their USDT with the `match` transition. Returns whether it matched.
 */
export async function matchQueuedPayin(tx: Tx, { orderId, now, ...options }: MatchQueuedPayinOptions): Promise<boolean> {
  const [order] = await tx.select().from(payinOrders).where(eq(payinOrders.id, orderId));
  if (!order || order.status !== 'PENDING_MATCH' || order.expiresAt.getTime() <= now.getTime()) return false;
  const route = await routePayin(tx, { assetAmount: order.assetAmount }, { now, maxPrice: order.fxRate, random: options.random });
  for (const { candidate, route: record } of route.attempts) {
    // An auto-confirm account gets a cent offset (payment-amount.ts); a race for it tries the next trader.
    const paymentFiatAmount = candidate.autoConfirm ? await freePaymentAmount(tx, { bankAccountId: candidate.bankAccountId as string, fiatAmount: order.fiatAmount }) : null;
    if (candidate.autoConfirm && !paymentFiatAmount) continue;
    try {
      const matched = await tx.transaction(async (savepoint) => {
        if (!(await payinFitsBondCap(savepoint, { traderId: candidate.traderId, assetAmount: order.assetAmount, settings: route.settings.bond }))) return false;
        const claimed = await claimAccountCapacity(savepoint, {
          bankAccountId: candidate.bankAccountId as string,
          fiatAmount: order.fiatAmount,
          now,
          limits: route.settings.limits,
          newTrader: route.settings.newTrader,
        });
        if (!claimed) return false;
        await applyPayinTransition(savepoint, {
          orderId,
          action: 'match',
          actor: { type: 'system' },
          now,
          set: () => ({
            traderId: candidate.traderId,
            traderBankAccountId: candidate.bankAccountId,
            matchedAt: now,
            paymentFiatAmount,
            routing: { ...record },
          }),
          eventData: payinDetailView,
        });
        await savepoint.update(traders).set({ lastMatchedAt: now }).where(eq(traders.id, candidate.traderId));
        return true;
      });
      if (matched) return true;
    } catch (error) {
      if (!isDomainError(error, 'INSUFFICIENT_BALANCE') && !isUniqueViolation(error, OPEN_PAYMENT_AMOUNT_KEY)) throw error;
    }
  }
  return false;
}
