import { dec } from './decimal';
import { fmtRate } from './format';
import { roundHalfUp } from './rounding';

/**
 * The reference rate: the median of the active quote prices, 4 decimals half up; an even count
 * takes the mean of the middle two. The median, not the mean, so one outlying quote cannot move
 * the slippage every merchant sees. No quotes: null, and the caller decides what to fall back on.
 */
export function medianRate(prices: readonly string[]): string | null {
  if (prices.length === 0) return null;
  const sorted = prices.map((price) => dec(price)).sort((a, b) => a.comparedTo(b));
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle]! : sorted[middle - 1]!.plus(sorted[middle]!).dividedBy(2);
  return fmtRate(roundHalfUp(median, 4));
}
