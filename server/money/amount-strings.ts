import { z } from 'zod';

// Wire formats of amounts (merchant-api.md section 8). Strings, checked by pattern, so a value is
// never parsed as a binary float; at most 12 integer digits keeps numeric(20,x) columns safe.
const INTEGER_PART = '(0|[1-9]\\d{0,11})';

function positive(pattern: RegExp, format: string) {
  return z
    .string({ error: `must be a string amount, e.g. ${format}` })
    .regex(pattern, { error: `must be a positive amount with ${format}` })
    // Checked on the text: zod runs this even when the pattern failed, and then it is no number.
    .refine((value) => !/^[0.]*$/.test(value), { error: 'must be greater than zero' });
}

/** CNY: exactly 2 decimals, e.g. "100.00". */
export const fiat2 = positive(new RegExp(`^${INTEGER_PART}\\.\\d{2}$`), 'exactly 2 decimals, e.g. 100.00');

/** USD(T) debit amounts on the wire: exactly 2 decimals. */
export const usd2 = fiat2;

/** USDT quantities: at most 6 decimals, e.g. "1", "12.5", "0.000001". */
export const asset6 = positive(new RegExp(`^${INTEGER_PART}(\\.\\d{1,6})?$`), 'at most 6 decimals, e.g. 12.5');
