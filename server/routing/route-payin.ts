import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { traders } from '../../db/schema';
import { payinCandidates, type PayinAmountIn } from './payin-candidates';
import { routingSettings, type RoutingSettings, type RoutingWeights } from './routing-settings';
import { orderCandidates, type RoutedCandidate } from './select-route';

/** Where randomness for routing comes from: Math.random, or a seeded generator in tests and the simulation. */
export type RoutingRandom = () => number;

export interface PayinRoute {
  settings: RoutingSettings;
  /** The candidates in the order they are tried (empty: none can take it now). */
  attempts: RoutedCandidate[];
  /** The best price any quote offers for the amount, for an order that must wait (null: no quote holds it). */
  bestPrice: string | null;
}

/**
 * Routes a pay-in (docs/routing.md): the candidates that may take it now, in the order the
 * routing mode tries them. Reads in the caller's transaction; the claim of an account's capacity
 * and the escrow are the match's own (server/payins).
 */
export async function routePayin(
  db: Executor,
  amount: PayinAmountIn,
  input: { now: Date; maxPrice?: string; random?: RoutingRandom },
): Promise<PayinRoute> {
  const { value: settings } = await routingSettings(db);
  const limit = settings.mode === 'scored' ? 100 : 10;
  const { candidates, bestPrice } = await payinCandidates(db, amount, { maxPrice: input.maxPrice, now: input.now, settings, limit });
  const weights = settings.mode === 'scored' ? await traderWeights(db, [...new Set(candidates.map((c) => c.traderId))]) : new Map();
  return {
    settings,
    attempts: orderCandidates(candidates, settings, input.random ?? Math.random, weights),
    bestPrice,
  };
}

async function traderWeights(db: Executor, traderIds: string[]): Promise<Map<string, Partial<RoutingWeights>>> {
  if (traderIds.length === 0) return new Map();
  const rows = await db.select({ id: traders.id, weights: traders.routingWeights }).from(traders).where(inArray(traders.id, traderIds));
  return new Map(rows.filter((row) => row.weights).map((row) => [row.id, row.weights as Partial<RoutingWeights>]));
}
