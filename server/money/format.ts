import { dec, Dec, type DecInput } from './decimal';

// Response formats (docs/amounts.md, "Decimal places"): amounts are strings with a fixed number of
// decimals. The values are already rounded by the rules of rounding.ts; these only spell them.

// PostgreSQL gives numeric(p, s) columns as text with exactly s decimals: a non-negative value
// already spelt that way is returned as it is (decimal.js per field was a tenth of a list's CPU).
const spelt = [0, 1, 2, 3, 4, 5, 6].map((places) => new RegExp(`^(0|[1-9]\\d*)\\.\\d{${places}}$`));
const fixed = (value: DecInput, places: number): string =>
  typeof value === 'string' && spelt[places]!.test(value) ? value : dec(value).toFixed(places);

/** CNY and usd* fields: 2 decimals. */
export const fmt2 = (value: DecInput): string => fixed(value, 2);

/** USDT at ledger precision: 6 decimals. */
export const fmt6 = (value: DecInput): string => fixed(value, 6);

/** fxRate and reference rates: CNY per 1 USDT, 4 decimals. */
export const fmtRate = (value: DecInput): string => fixed(value, 4);

/**
 * slippage: a decimal fraction, half-even to 6 decimals (no bias over many orders), trailing zeros
 * dropped so it reads like the spec's "-0.0035"; zero is "0", never "-0".
 */
export function fmtSlippage(value: DecInput): string {
  const rounded = dec(value).toDecimalPlaces(6, Dec.ROUND_HALF_EVEN);
  return rounded.isZero() ? '0' : rounded.toFixed();
}

// ISO 8601 (T) or PostgreSQL's text form (space, optional zone, up to microseconds). Anything else
// is refused rather than left to Date's lenient, locale-dependent parsing.
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?$/;

function parseTimestamp(text: string): Date | undefined {
  const m = TIMESTAMP.exec(text.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  // Truncated, not rounded, to milliseconds: as PostgreSQL drivers do, so one instant never
  // prints as two different strings.
  const millis = Number(((m[7] ?? '') + '000').slice(0, 3));
  const offsetMinutes = m[9] === undefined ? 0 : (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11] ?? 0));
  const local = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  const check = new Date(local);
  // Date.UTC rolls "02-30" or "24:00" over into the next day; a timestamp like that is corrupt.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || check.getUTCHours() !== hour || check.getUTCMinutes() !== minute || check.getUTCSeconds() !== second) {
    return undefined;
  }
  if (Number(m[10] ?? 0) > 15 || Number(m[11] ?? 0) > 59) return undefined;
  return new Date(local - offsetMinutes * 60_000);
}

/**
 * ISO 8601 UTC with milliseconds, e.g. "2026-11-23T07:40:35.000Z". Accepts a Date or a timestamp
 * string; a string without a zone is UTC, as the database stores it.
 */
export function isoMs(value: Date | string): string {
  const date = value instanceof Date ? value : parseTimestamp(value);
  if (date === undefined || Number.isNaN(date.getTime())) throw new RangeError(`not a timestamp: ${JSON.stringify(String(value)).slice(0, 60)}`);
  return date.toISOString();
}

export function isoMsOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : isoMs(value);
}
