import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { payoutOrders } from '../../db/schema';
import { routingSettings } from '../routing/routing-settings';
import { assertWithinCap, lockTraderForExposure, traderExposure } from './trader-exposure';

/**
 * The bond's cap on a payout accept (docs/routing.md, "Bond and exposure"): nothing while the cap is
 * off; otherwise the trader's row is locked first, so of two accepts racing for the last of one
 * trader's cap the second reads the first's payout once it commits and is refused with
 * EXPOSURE_CAP_EXCEEDED. An order that is not in the pool is left to the state machine's refusal.
 */
export async function assertPayoutFitsBondCap(tx: Tx, traderId: string, orderId: string): Promise<void> {
  const { value: settings } = await routingSettings(tx);
  if (!settings.bond.capEnabled) return;
  await lockTraderForExposure(tx, traderId);
  const [order] = await tx.select({ usdAmount: payoutOrders.usdAmount, status: payoutOrders.status }).from(payoutOrders).where(eq(payoutOrders.id, orderId));
  if (!order || order.status !== 'PENDING_MATCH') return;
  assertWithinCap(await traderExposure(tx, traderId, settings.bond), order.usdAmount);
}
