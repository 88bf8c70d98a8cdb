import type { z } from 'zod';
import { DomainError } from '../errors';

/**
 * Parses input with a zod schema, turning a failure into VALIDATION_FAILED with one detail per
 * problem (`path` in dotted form), so every transport reports bad input the same way.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw new DomainError('VALIDATION_FAILED', 'The request is not valid.', { details });
}
