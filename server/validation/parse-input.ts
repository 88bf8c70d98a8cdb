import type { z } from 'zod';
import { DomainError } from '../errors';
import { refuseControlCharacters } from './control-characters';

/**
 * Parses input with a zod schema, turning a failure into VALIDATION_FAILED with one detail per
 * problem (`path` in dotted form), so every transport reports bad input the same way. Control
 * characters are refused first, for every field (server/validation/control-characters.ts).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  refuseControlCharacters(input);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw new DomainError('VALIDATION_FAILED', 'The request is not valid.', { details });
}
