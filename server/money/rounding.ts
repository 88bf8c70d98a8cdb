import { Dec } from './decimal';

type Value = string | InstanceType<typeof Dec>;

/** Rounds up (away from zero) to `places` decimals. */
export function roundUp(value: Value, places: number) {
  return new Dec(value).toDecimalPlaces(places, Dec.ROUND_UP);
}

/** Rounds down (towards zero) to `places` decimals. */
export function roundDown(value: Value, places: number) {
  return new Dec(value).toDecimalPlaces(places, Dec.ROUND_DOWN);
}

/** Rounds half up to `places` decimals. */
export function roundHalfUp(value: Value, places: number) {
  return new Dec(value).toDecimalPlaces(places, Dec.ROUND_HALF_UP);
}

/** usdFeeAmount = usdAmount x feeBps / 10000, rounded UP to 0.01 (decisions.md section 4). */
export function feeFor(usdAmount: Value, feeBps: number) {
  if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > 10_000) throw new Error(`feeBps out of range: ${feeBps}`);
  return roundUp(new Dec(usdAmount).times(feeBps).dividedBy(10_000), 2);
}
