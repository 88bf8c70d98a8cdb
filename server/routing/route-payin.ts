import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { traders } from '../../db/schema';
import { payinCandidatesFor, type PayinAmountIn, type PayinCandidateAsk } from './payin-candidates';
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
  const [route] = await routePayins(db, [{ amount, maxPrice: input.maxPrice, random: input.random }], input.now);
  if (!route) throw new Error('routing answered no route');
  return route;
}

/** One pay-in to route, with where its draws come from (Math.random when absent). */
export interface PayinRouteAsk extends PayinCandidateAsk {
  random?: RoutingRandom;
}

/**
 * Routes several pay-ins with one read of the settings, one of the candidates and one of the
 * traders' weights (docs/performance.md, "One routing read per batch"); each is ordered with its
 * own draws. Answers in the asks' order.
 */
export async function routePayins(db: Executor, asks: readonly PayinRouteAsk[], now: Date): Promise<PayinRoute[]> {
  const { value: settings } = await routingSettings(db);
  const limit = settings.mode === 'scored' ? 100 : 10;
  const found = await payinCandidatesFor(db, asks, { now, settings, limit });
  const traderIds = new Set(found.flatMap(({ candidates }) => candidates.map((c) => c.traderId)));
  const weights = settings.mode === 'scored' ? await traderWeights(db, [...traderIds]) : new Map();
  return found.map(({ candidates, bestPrice }, index) => ({
    settings,
    attempts: orderCandidates(candidates, settings, asks[index]?.random ?? Math.random, weights),
    bestPrice,
  }));
}

async function traderWeights(db: Executor, traderIds: string[]): Promise<Map<string, Partial<RoutingWeights>>> {
  if (traderIds.length === 0) return new Map();
  const rows = await db.select({ id: traders.id, weights: traders.routingWeights }).from(traders).where(inArray(traders.id, traderIds));
  return new Map(rows.filter((row) => row.weights).map((row) => [row.id, row.weights as Partial<RoutingWeights>]));
}
