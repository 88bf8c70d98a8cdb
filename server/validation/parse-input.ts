import type { z } from 'zod';
import { DomainError } from '../errors';
import { textRuleBreach } from './text-rule';

interface InputProblem {
  /** The field in dotted form, '' for the input itself. */
  path: string;
  message: string;
}

export type CheckedInput<S extends z.ZodType> = { ok: true; data: z.output<S> } | { ok: false; details: InputProblem[] };

/**
 * Checks input the way every action does, without throwing: the text rule first (no control
 * characters, well-formed Unicode; server/validation/text-rule.ts), then the schema. A page that
 * shows a refusal inline (a console's query string) checks with this, so it refuses exactly what
 * the action would.
 */
export function checkInput<S extends z.ZodType>(schema: S, input: unknown): CheckedInput<S> {
  const breach = textRuleBreach(input);
  if (breach !== null) return { ok: false, details: [{ path: breach.path || 'body', message: breach.message }] };
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, details: detailsOf(result.error.issues) };
}

/** One detail per broken rule, the field in dotted form. */
const detailsOf = (issues: readonly z.core.$ZodIssue[]): InputProblem[] => issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));

/**
 * The one mapping of a schema's refusal to the error a caller sees: VALIDATION_FAILED with one
 * detail per problem. parseInput throws it; the REST adapter's validators (app/api/v1/_rest) too.
 */
export function validationFailed(issues: readonly z.core.$ZodIssue[]): DomainError {
  return new DomainError('VALIDATION_FAILED', 'The request is not valid.', { details: detailsOf(issues) });
}

/**
 * Parses input with a zod schema, turning a failure into VALIDATION_FAILED with one detail per
 * problem (`path` in dotted form), so every transport reports bad input the same way.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const checked = checkInput(schema, input);
  if (checked.ok) return checked.data;
  throw new DomainError('VALIDATION_FAILED', 'The request is not valid.', { details: checked.details });
}
