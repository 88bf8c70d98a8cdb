import type { z } from 'zod';
import { DomainError } from '../errors';
import { enforceTextRule } from './text-rule';

/**
 * Parses input with a zod schema, turning a failure into VALIDATION_FAILED with one detail per
 * problem (`path` in dotted form), so every transport reports bad input the same way. The text
 * rule (no control characters, well-formed Unicode) is enforced first, for every field
 * (server/validation/text-rule.ts).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  enforceTextRule(input);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw new DomainError('VALIDATION_FAILED', 'The request is not valid.', { details });
}
