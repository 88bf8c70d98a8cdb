import { dec, Dec, type DecInput } from './decimal';

// Every amount these helpers round is positive, so "up" (away from zero) is also "towards the
// platform's safety" and "down" is towards zero. They return Dec so callers round once, at the end.

export function roundUp(value: DecInput, places: number): Dec {
  return dec(value).toDecimalPlaces(places, Dec.ROUND_UP);
}

export function roundDown(value: DecInput, places: number): Dec {
  return dec(value).toDecimalPlaces(places, Dec.ROUND_DOWN);
}

export function roundHalfUp(value: DecInput, places: number): Dec {
  return dec(value).toDecimalPlaces(places, Dec.ROUND_HALF_UP);
}

/**
 * usdFeeAmount = usdAmount x feeBps / 10000, rounded UP to 0.01 (docs/amounts.md, "Fees"): the
 * platform never charges less than its configured fee. feeBps is an integer count, not money, so
 * it is a number; out of range means broken configuration, not bad input, hence a plain Error.
 */
export function feeFor(usdAmount: DecInput, feeBps: number): Dec {
  if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > 10_000) {
    throw new Error(`feeBps must be an integer from 0 to 10000, got ${feeBps}`);
  }
  return roundUp(dec(usdAmount).times(feeBps).dividedBy(10_000), 2);
}

/** Rates divide amounts, so a zero or negative one would make every amount meaningless. */
export function positiveRate(value: DecInput, name: string): Dec {
  const rate = dec(value);
  if (!rate.isPositive() || rate.isZero()) throw new Error(`${name} must be positive, got ${rate.toFixed()}`);
  return rate;
}
