import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { DomainError } from '../../server/errors';

export interface Refusal {
  message: string;
  data: { code: string; details: { path: string; message: string }[] };
}

/**
 * What a procedure called from a server component refused, in the shape the pages' browser calls
 * receive (the error formatter of init.ts): a domain error's code and details, or the fields an
 * input schema named. Anything else is not a refusal of the input and is thrown on.
 */
export function refusalOf(error: unknown): Refusal {
  const cause = error instanceof TRPCError ? error.cause : error;
  if (cause instanceof DomainError) return { message: cause.message, data: { code: cause.code, details: cause.details ?? [] } };
  if (cause instanceof z.ZodError) {
    return {
      message: 'Some fields need attention.',
      data: { code: 'VALIDATION_FAILED', details: cause.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })) },
    };
  }
  throw error;
}
