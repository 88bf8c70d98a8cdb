import { Dec } from '../money/decimal';
import { reputationScore } from '../reputation/reputation-score';
import type { PayinCandidate } from './payin-candidates';
import type { RoutingSettings, RoutingSignal, RoutingWeights } from './routing-settings';

/** Each signal's value in [0, 1] before its weight (docs/routing.md, "Signals"). */
export type SignalValues = Record<RoutingSignal, number>;

export interface CandidateScore {
  /** The weighted sum less the recent-failure penalty. */
  score: number;
  /** Each signal's value in [0, 1] and the points it gave. */
  signals: SignalValues;
  points: Record<RoutingSignal, number>;
  penalty: number;
  weights: RoutingWeights;
}

// A new account starts as if it had completed 4 of 5: it is neither favoured nor shut out.
const PRIOR_RATE = 0.8;
const PRIOR_WEIGHT = 5;
// An account whose last order was this long ago has fully cooled down.
const COOLDOWN_RAMP_SECONDS = 600;
// A trader whose available USDT covers this many such orders scores full on balance.
const BALANCE_ORDERS = 20;

const clamp = (value: number) => Math.min(1, Math.max(0, value));
const round = (value: number) => Math.round(value * 1000) / 1000;

/** The smoothed success rate of `completed` out of `completed + failed`. */
function smoothedRate(completed: number, failed: number): number {
  return (completed + PRIOR_RATE * PRIOR_WEIGHT) / (completed + failed + PRIOR_WEIGHT);
}

/** Each signal of one candidate, in [0, 1]; `bestPrice` is the lowest price among the candidates. */
export function signalValues(candidate: PayinCandidate, bestPrice: string, settings: RoutingSettings): SignalValues {
  const s = candidate.signals;
  // Price: the buyer's rate stays first; a quote maxPriceSpreadBps above the best scores 0.
  const spreadBps = new Dec(candidate.price).minus(bestPrice).div(bestPrice).times(10_000).toNumber();
  const price = settings.maxPriceSpreadBps === 0 ? (spreadBps === 0 ? 1 : 0) : clamp(1 - spreadBps / settings.maxPriceSpreadBps);
  const orderRoom = s.orderLimit === null ? 1 : clamp(1 - s.ordersToday / s.orderLimit);
  const fiatRoom = s.fiatUsedShare === null ? 1 : clamp(1 - s.fiatUsedShare);
  // The amount fits best in the middle of the quote's range, least at its ends.
  const amountFit = clamp(1 - Math.abs(s.tierPosition - 0.5));
  return {
    price,
    success: smoothedRate(s.completed, s.failed),
    headroom: Math.min(orderRoom, fiatRoom),
    cooldown: s.secondsSinceLastOrder === null ? 1 : clamp(s.secondsSinceLastOrder / COOLDOWN_RAMP_SECONDS),
    bankHealth: smoothedRate(s.bankCompleted, s.bankFailed),
    amountFit,
    balance: clamp(s.balanceCover / BALANCE_ORDERS),
    reputation: reputationScore(s.reputation).value,
  };
}

/** The candidate's score: weighted signals (the trader's own weights over the platform's) less the recent-failure penalty. */
export function scoreCandidate(
  candidate: PayinCandidate,
  bestPrice: string,
  settings: RoutingSettings,
  traderWeights?: Partial<RoutingWeights> | null,
): CandidateScore {
  const weights = { ...settings.weights, ...(traderWeights ?? {}) };
  const signals = signalValues(candidate, bestPrice, settings);
  const points = {} as Record<RoutingSignal, number>;
  let sum = 0;
  for (const key of Object.keys(weights) as RoutingSignal[]) {
    points[key] = round(weights[key] * signals[key]);
    sum += weights[key] * signals[key];
  }
  const failures = Math.min(candidate.signals.failedLastHour, settings.recentFailurePenalty.length);
  const penalty = failures === 0 ? 0 : (settings.recentFailurePenalty[failures - 1] ?? 0);
  for (const key of Object.keys(signals) as RoutingSignal[]) signals[key] = round(signals[key]);
  return { score: round(sum - penalty), signals, points, penalty, weights };
}
