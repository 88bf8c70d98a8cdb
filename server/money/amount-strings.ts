import { z } from 'zod';

/**
 * Wire formats of amounts (docs/amounts.md, "Amounts in requests"). Amounts are checked as text, so a value is
 * never parsed as a binary float on the way in. At most 12 integer digits: with fees, sums and
 * asset x rate products the results still fit the numeric(20,2) and numeric(26,6) columns.
 * Leading zeros ("01.00", "00001.00") are refused: they are never what a careful client meant to
 * send, and one spelling per amount keeps idempotency fingerprints and signatures predictable.
 * Every amount a request or a form carries is checked here (amountProblem), whatever else its
 * field allows, so no parser accepts a spelling another refuses.
 */
const MAX_INTEGER_DIGITS = 12;

export interface AmountRule {
  /** Exactly this many decimals (fiat, usd) ... */
  exactDecimals?: number;
  /** ... or up to this many, integers allowed (asset). */
  maxDecimals?: number;
  example: string;
  /** Zero is allowed (a threshold or a filter's lower end), not only positive amounts. */
  allowZero?: boolean;
}

/** The first thing wrong with an amount, as a message for the caller; undefined when it is fine. */
export function amountProblem(value: string, rule: AmountRule): string | undefined {
  const example = `e.g. ${rule.example}`;
  if (/^\s|\s$/.test(value)) return `must not have spaces around it, ${example}`;
  if (value.startsWith('-')) return `must be positive, ${example}`;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return `must be a plain decimal number (digits and one dot, no sign, exponent or separators), ${example}`;
  const integer = match[1] ?? '';
  const decimals = match[2] ?? '';
  if (integer.length > 1 && integer.startsWith('0')) return `must not have leading zeros, ${example}`;
  if (integer.length > MAX_INTEGER_DIGITS) return `must have at most ${MAX_INTEGER_DIGITS} digits before the decimal point`;
  if (rule.exactDecimals !== undefined && decimals.length !== rule.exactDecimals) {
    return `must have exactly ${rule.exactDecimals} decimals, ${example}`;
  }
  if (rule.maxDecimals !== undefined && decimals.length > rule.maxDecimals) {
    return `must have at most ${rule.maxDecimals} decimals, ${example}`;
  }
  if (!rule.allowZero && /^[0.]+$/.test(value)) return 'must be greater than zero';
  return undefined;
}

/**
 * amountProblem's rule as JSON Schema, for the OpenAPI document: the spelling as a pattern, and
 * "greater than zero" as the pattern a zero amount matches.
 */
function amountJsonSchema(rule: AmountRule): { pattern: string; not?: { pattern: string } } {
  const integer = `(?:0|[1-9]\\d{0,${MAX_INTEGER_DIGITS - 1}})`;
  const decimals = rule.exactDecimals !== undefined ? `\\.\\d{${rule.exactDecimals}}` : `(?:\\.\\d{1,${rule.maxDecimals ?? 0}})?`;
  return { pattern: `^${integer}${decimals}$`, ...(rule.allowZero ? {} : { not: { pattern: '^[0.]+$' } }) };
}

/** A string field holding an amount under `rule`; each broken rule is one issue naming it. */
export function amountString(rule: AmountRule) {
  return z
    .string({ error: `must be a string such as "${rule.example}" (amounts are never JSON numbers)` })
    .superRefine((value, ctx) => {
      const problem = amountProblem(value, rule);
      if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta(amountJsonSchema(rule));
}

/** CNY amounts: exactly 2 decimals, e.g. "100.00". */
export const fiat2 = amountString({ exactDecimals: 2, example: '100.00' });

/** usd* amounts on the wire: exactly 2 decimals, like fiat. */
export const usd2 = amountString({ exactDecimals: 2, example: '100.00' });

/** USDT quantities: positive, at most 6 decimals, integers allowed: "1", "12.5", "0.000001". */
export const asset6 = amountString({ maxDecimals: 6, example: '12.5' });
