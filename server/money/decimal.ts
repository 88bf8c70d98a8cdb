import Decimal from 'decimal.js';

/** Decimal configured for money: enough precision for any amount, no exponent notation. */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 40 });
export type Dec = InstanceType<typeof Dec>;
