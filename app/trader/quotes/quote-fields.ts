import { normaliseDecimalInput, type DecimalFieldProblem } from '../../../common/amount-display';
import Decimal from 'decimal.js';

export type QuoteField = 'price' | 'minFiat' | 'maxFiat';
export type QuoteProblem = DecimalFieldProblem | 'maxBelowMin' | 'invalid';
export type QuoteValues = Record<QuoteField, string>;

const places: Record<QuoteField, number> = { price: 4, minFiat: 2, maxFiat: 2 };

/**
 * The quote form as typed, read the way the trader meant it: the price to its 4 decimals ("7.15"
 * is 7.1500) and amounts to 2, or a problem per field for the page to name in its language. The
 * server checks again; its refusals are mapped to the same fields (fieldsOfRefusal).
 */
export function readQuoteForm(typed: QuoteValues): { ok: true; values: QuoteValues } | { ok: false; problems: Partial<Record<QuoteField, QuoteProblem>> } {
  const problems: Partial<Record<QuoteField, QuoteProblem>> = {};
  const values = { ...typed };
  for (const field of ['price', 'minFiat', 'maxFiat'] as const) {
    const read = normaliseDecimalInput(typed[field], places[field]);
    if (read.ok) values[field] = read.value;
    else problems[field] = read.problem;
  }
  if (!problems.minFiat && !problems.maxFiat && new Decimal(values.maxFiat).lt(values.minFiat)) problems.maxFiat = 'maxBelowMin';
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, values };
}

/** The form's fields a server refusal names (`details[].path`); one naming none is shown as the form's error. */
export function fieldsOfRefusal(paths: string[]): Partial<Record<QuoteField, QuoteProblem>> {
  const problems: Partial<Record<QuoteField, QuoteProblem>> = {};
  for (const path of paths) {
    const field = path.split('.')[0];
    if (field === 'price' || field === 'minFiat' || field === 'maxFiat') problems[field] = 'invalid';
  }
  return problems;
}
