import { Dec } from '../money/decimal';
import type { PayinCandidate } from './payin-candidates';
import type { RoutingSettings, RoutingWeights } from './routing-settings';
import { scoreCandidate, type CandidateScore } from './score-candidate';

/** What is stored with a match (payin_orders.routing) and shown as "why this trader". */
export interface RouteRecord {
  mode: RoutingSettings['mode'];
  /** How the candidate was picked: the best by price, weighted among the top K, or exploring. */
  pick: 'price' | 'top_k' | 'exploration' | 'fallback';
  /** Its place in the attempt order (0 = first tried) and how many candidates there were. */
  attempt: number;
  candidates: number;
  score: CandidateScore | null;
}

export interface RoutedCandidate {
  candidate: PayinCandidate;
  route: RouteRecord;
}

/**
 * The order in which candidates are tried (docs/routing.md, "Selection"). Price-only: as the
 * candidates come (best price, then the trader matched longest ago). Scored: candidates beyond the
 * price spread drop out; with probability `exploration` one candidate outside the top K is tried
 * first, otherwise one of the top K, drawn with weight exp((score - best) / temperature); the rest follow best score first, so a
 * refused match falls back to the next candidate.
 */
export function orderCandidates(
  candidates: PayinCandidate[],
  settings: RoutingSettings,
  random: () => number,
  traderWeights: ReadonlyMap<string, Partial<RoutingWeights>> = new Map(),
): RoutedCandidate[] {
  const usable = candidates.filter((c) => c.canEscrow && c.bankAccountId);
  if (settings.mode === 'price') {
    return usable.map((candidate, attempt) => ({
      candidate,
      route: { mode: 'price', pick: attempt === 0 ? 'price' : 'fallback', attempt, candidates: usable.length, score: null },
    }));
  }
  if (usable.length === 0) return [];
  const bestPrice = usable.reduce((best, c) => (new Dec(c.price).lt(best) ? c.price : best), usable[0]!.price);
  const scored = usable
    .map((candidate) => ({ candidate, score: scoreCandidate(candidate, bestPrice, settings, traderWeights.get(candidate.traderId)) }))
    .filter((entry) => entry.score.signals.price > 0 || entry.candidate.price === bestPrice)
    .sort((a, b) => b.score.score - a.score.score || a.candidate.traderId.localeCompare(b.candidate.traderId));
  const top = scored.slice(0, settings.topK);
  const rest = scored.slice(settings.topK);
  let firstIndex: number;
  let pick: RouteRecord['pick'];
  if (rest.length > 0 && random() < settings.exploration) {
    firstIndex = settings.topK + Math.floor(random() * rest.length);
    pick = 'exploration';
  } else {
    // Softmax over the top K: the best is the likeliest, a close second still gets its share.
    const best = top[0]!.score.score;
    firstIndex = weightedIndex(top.map((entry) => Math.exp((entry.score.score - best) / settings.temperature)), random);
    pick = 'top_k';
  }
  const first = scored[firstIndex]!;
  const ordered = [first, ...scored.filter((_, index) => index !== firstIndex)];
  return ordered.map((entry, attempt) => ({
    candidate: entry.candidate,
    route: { mode: 'scored', pick: attempt === 0 ? pick : 'fallback', attempt, candidates: scored.length, score: entry.score },
  }));
}

/** An index drawn with probability proportional to its weight (uniform when all are 0). */
function weightedIndex(weights: number[], random: () => number): number {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0) return Math.floor(random() * weights.length);
  let draw = random() * total;
  for (let index = 0; index < weights.length; index += 1) {
    draw -= weights[index]!;
    if (draw < 0) return index;
  }
  return weights.length - 1;
}
