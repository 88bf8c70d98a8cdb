import Decimal from 'decimal.js';

/**
 * Amounts as people read them on a page: thousands separators, two decimals for CNY, and USDT
 * with two decimals plus as many more (up to its six) as the amount needs. Amounts arrive as the
 * API's decimal strings and are handled with decimal.js, never as JS numbers. The separators are
 * the same in Chinese and English ("9,866.21"), so there is no locale argument.
 */
const Display = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 40 });

function grouped(fixed: string): string {
  const negative = fixed.startsWith('-');
  const [whole = '0', fraction] = (negative ? fixed.slice(1) : fixed).split('.');
  const withCommas = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${withCommas}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** "1234.5" -> "1,234.50". Anything that is not a decimal is shown as it came rather than guessed. */
export function formatCny(value: string): string {
  try {
    return grouped(new Display(value).toFixed(2));
  } catch {
    return value;
  }
}

/** "9866.206898" -> "9,866.206898"; "140.000000" -> "140.00"; "0.500000" -> "0.50". */
export function formatUsdt(value: string): string {
  try {
    const amount = new Display(value);
    const places = Math.min(6, Math.max(2, amount.decimalPlaces()));
    return grouped(amount.toFixed(places));
  } catch {
    return value;
  }
}

/** A ledger posting: "+1,000.00" or "-12.345678", the sign always shown. */
export function formatSignedUsdt(value: string): string {
  const shown = formatUsdt(value);
  return shown.startsWith('-') ? shown : `+${shown}`;
}

const FULL_WIDTH = /[０-９．。，]/g;
const halfWidth = (char: string) => (char === '．' || char === '。' ? '.' : char === '，' ? ',' : String.fromCharCode(char.charCodeAt(0) - 0xfee0));

export type DecimalFieldProblem = 'required' | 'notNumber' | 'tooManyDecimals' | 'notPositive';

/**
 * What a person typed in a money or rate field, spelt with exactly `places` decimals: "7.15" ->
 * "7.1500" for a 4-decimal rate, "50,000" -> "50000.00". Full-width digits (a Chinese input
 * method) and thousands separators are accepted; more decimals than `places` are refused rather
 * than rounded, since rounding would change the price the trader meant.
 */
export function normaliseDecimalInput(text: string, places: number): { ok: true; value: string } | { ok: false; problem: DecimalFieldProblem } {
  const cleaned = text.replace(FULL_WIDTH, halfWidth).replace(/[\s,]/g, '');
  if (cleaned === '') return { ok: false, problem: 'required' };
  const match = /^(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match || (match[1] === '' && !match[2])) return { ok: false, problem: 'notNumber' };
  if ((match[2] ?? '').length > places) return { ok: false, problem: 'tooManyDecimals' };
  const value = new Display(`${match[1] || '0'}.${match[2] || '0'}`);
  if (value.lte(0)) return { ok: false, problem: 'notPositive' };
  return { ok: true, value: value.toFixed(places) };
}
