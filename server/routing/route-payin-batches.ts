import { groupCommitPerDatabase } from '../batching/per-database';
import type { PayinAmountIn } from './payin-candidates';
import { routePayins, type RoutingRandom } from './route-payin';

/** A pay-in create's routing read: its amount, its moment, its draws. */
export interface PayinRouteRead {
  amount: PayinAmountIn;
  now: Date;
  random?: RoutingRandom;
}

/**
 * Pay-in creates that route together share one read (docs/performance.md, "One routing read per
 * batch"): the settings, the candidates of every amount and the traders' weights in three
 * statements for the batch instead of three per create. The read is taken at the latest moment of
 * the batch (creates that share it arrived within a few milliseconds of each other); it locks
 * nothing, as a create's own read did not, and `create_payins` checks capacity and balance again
 * as it writes. While one read runs the next creates gather for the following one.
 */
const PAYIN_ROUTE_BATCH = { maxItems: 64, windowMs: 1, maxInFlight: 1 };

/** The process's routing reads for this database. */
export const payinRouteReads = groupCommitPerDatabase((db, reads: PayinRouteRead[]) => {
  const now = new Date(Math.max(...reads.map((read) => read.now.getTime())));
  return routePayins(db, reads, now);
}, PAYIN_ROUTE_BATCH);
