import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { z } from 'zod';
import { getDatabase } from '../../db';
import type { Db } from '../../db/client';
import { DomainError, httpStatusOf, type ErrorCode } from '../../server/errors';

export interface TrpcContext {
  db: Db;
  headers: Headers;
}

export async function createTrpcContext(request: Request): Promise<TrpcContext> {
  return { db: (await getDatabase()).db, headers: request.headers };
}

/** tRPC's code for each HTTP status our domain codes map to (the one REST mapping, reused). */
function trpcCodeOf(code: ErrorCode): TRPC_ERROR_CODE_KEY {
  const status = httpStatusOf(code);
  const byStatus: Record<number, TRPC_ERROR_CODE_KEY> = {
    400: 'BAD_REQUEST',
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    405: 'METHOD_NOT_SUPPORTED',
    409: 'CONFLICT',
    413: 'PAYLOAD_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    422: 'UNPROCESSABLE_CONTENT',
    429: 'TOO_MANY_REQUESTS',
  };
  return byStatus[status] ?? 'INTERNAL_SERVER_ERROR';
}

const t = initTRPC.context<TrpcContext>().create({
  // Pages read `data.code` (a code of docs/errors.md) and `data.details`, as REST callers read the body.
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    if (cause instanceof DomainError) {
      return { ...shape, message: cause.message, data: { ...shape.data, code: cause.code, details: cause.details ?? [], meta: cause.meta ?? {} } };
    }
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      return { ...shape, message: 'Something went wrong on our side.', data: { ...shape.data, code: 'INTERNAL_ERROR', stack: undefined } };
    }
    return { ...shape, data: { ...shape.data, code: 'VALIDATION_FAILED' } };
  },
});

/** Turns a DomainError thrown by the domain into the matching tRPC error, keeping it as the cause. */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: trpcCodeOf(cause.code), message: cause.message, cause });
  }
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(domainErrors);

/** The buyer's procedures: keyed by the checkout token, which grants that one order's view and actions. */
export const checkoutProcedure = publicProcedure.input(z.object({ token: z.string().min(1).max(200) }));
