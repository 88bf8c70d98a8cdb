import type { Tx } from '../../db/client';
import { DomainError } from '../errors';
import { payoutOffers } from '../routing/payout-offers';
import type { RoutingSettings } from '../routing/routing-settings';

/**
 * What is stored with an accept (payout_orders.dispatch), so operators see why this trader
 * (docs/routing.md, "Payout dispatch"): the dispatch mode, and in scored dispatch the trader's
 * rank among those eligible, its ring, the task's age and the score with its parts.
 */
type DispatchRecord = Record<string, unknown>;

/**
 * Under scored dispatch, refuses an accept of a task not yet offered to this trader with
 * PAYOUT_NOT_OFFERED (`meta.offeredInSeconds`); otherwise returns the record to store. A task that
 * is no longer in the pool, or none at all, is left to the state machine's own refusal.
 */
export async function dispatchAtAccept(
  tx: Tx,
  input: { traderId: string; orderId: string; now: Date; settings: RoutingSettings; openTasks: number; cap: number | null },
): Promise<DispatchRecord> {
  const dispatch = input.settings.payouts;
  if (dispatch.mode === 'first_accept') return { mode: 'first_accept', openTasks: input.openTasks, cap: input.cap };
  const [offer] = await payoutOffers(tx, {
    traderId: input.traderId,
    orderId: input.orderId,
    now: input.now,
    windowMinutes: input.settings.windowMinutes,
    dispatch,
  });
  if (!offer) return { mode: 'scored', openTasks: input.openTasks, cap: input.cap };
  if (!offer.offered) {
    throw new DomainError('PAYOUT_NOT_OFFERED', `This task is offered to other traders first; it reaches you in ${offer.offeredInSeconds} s.`, {
      meta: { offeredInSeconds: String(offer.offeredInSeconds) },
    });
  }
  return {
    mode: 'scored',
    rank: offer.rank,
    eligible: offer.eligible,
    ring: offer.ring,
    openToAll: offer.ageSeconds >= dispatch.rings.length * dispatch.ringSeconds,
    ageSeconds: offer.ageSeconds,
    score: offer.score,
    weights: dispatch.weights,
    rings: dispatch.rings,
    ringSeconds: dispatch.ringSeconds,
    openTasks: input.openTasks,
    cap: input.cap,
  };
}
