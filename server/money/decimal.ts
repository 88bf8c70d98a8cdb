import Decimal from 'decimal.js';

/**
 * Decimal configured for money. 40 significant digits keep a quotient of two 12-digit amounts far
 * more precise than the cent or micro-unit it is rounded to, and the exponent limits keep toString
 * and toFixed out of exponent notation for any amount the database can hold.
 */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 40 });
export type Dec = Decimal;

/** What money code accepts: a decimal string or a Decimal, never a JS number (binary floating point). */
export type DecInput = string | Decimal;

/**
 * The one way into Dec for money. The parameter type already refuses numbers; the runtime check
 * catches a number smuggled in through `any` or parsed JSON, where it would already have lost
 * precision. Infinity and NaN are refused because no amount, rate or fee is ever either.
 */
export function dec(value: DecInput): Dec {
  if (typeof value !== 'string' && !Decimal.isDecimal(value)) {
    throw new TypeError(`money must be a decimal string or Decimal, got ${typeof value}`);
  }
  const result = new Dec(value);
  if (!result.isFinite()) throw new RangeError('money must be a finite decimal');
  return result;
}
