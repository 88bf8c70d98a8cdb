import { Dec } from './decimal';

type Value = string | InstanceType<typeof Dec>;

// Wire formats of responses: amounts are strings with a fixed number of decimals.

/** CNY and usd* fields: 2 decimals. */
export const fmt2 = (value: Value) => new Dec(value).toFixed(2);
/** USDT at ledger precision: 6 decimals. */
export const fmt6 = (value: Value) => new Dec(value).toFixed(6);
/** fxRate: CNY per 1 USDT, 4 decimals. */
export const fmtRate = (value: Value) => new Dec(value).toFixed(4);

/** slippage: a decimal fraction, half-even to 6 decimals, trailing zeros dropped ("-0.0035", "0"). */
export function fmtSlippage(value: Value): string {
  const rounded = new Dec(value).toDecimalPlaces(6, Dec.ROUND_HALF_EVEN);
  return rounded.isZero() ? '0' : rounded.toFixed();
}

/** ISO 8601 UTC with milliseconds, e.g. "2026-11-23T07:40:35.000Z". */
export function isoMs(value: Date | string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`not a timestamp: ${String(value)}`);
  return date.toISOString();
}

export function isoMsOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : isoMs(value);
}
