import { Dec } from './decimal';
import { fmtRate } from './format';
import { roundHalfUp } from './rounding';

/** The median of quote prices, 4 decimals (half up); the mean of the middle two for an even count. */
export function medianRate(prices: readonly string[]): string | null {
  if (prices.length === 0) return null;
  const sorted = prices.map((price) => new Dec(price)).sort((a, b) => a.comparedTo(b));
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle]! : sorted[middle - 1]!.plus(sorted[middle]!).dividedBy(2);
  return fmtRate(roundHalfUp(median, 4));
}
