import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { observeRequest } from '../../server/metrics/http-metrics';
import { z } from 'zod';
import { getDatabase, getReadDatabase } from '../../db';
import { sessionClaims } from '../_auth/auth';
import { checkedSessionUser, type SessionClaims, type SessionUser } from '../_auth/session-user';
import type { Db } from '../../db/client';
import { asDatabaseUnavailable, DomainError, httpStatusOf, type ErrorCode } from '../../server/errors';
import { enforceTextRule } from '../../server/validation/text-rule';
import { hasMerchantPermission, totpRequiredFor, type MerchantPermission } from '../../server/merchant-team/merchant-permissions';

export type { SessionUser } from '../_auth/session-user';

export interface TrpcContext {
  db: Db;
  /**
   * For reads that tolerate seconds of staleness only (operator search): a standby's pool when
   * DATABASE_READ_URL is set, else `db` (docs/deploy.md, "Reads off the primary").
   */
  readDb: Db;
  headers: Headers;
  /** The signed-in user, or null: also null when the session has ended (docs/security.md). */
  user: SessionUser | null;
}

/**
 * The context of one call, from what the session cookie claims: the claims count only after the
 * database confirms them (user and trader active, session version current), so a session ends at
 * the very next call after a suspension or password change. Tests build callers through this too.
 */
export async function contextFor(db: Db, headers: Headers, claims: SessionClaims | null | undefined, readDb: Db = db): Promise<TrpcContext> {
  return { db, readDb, headers, user: await checkedSessionUser(db, claims) };
}

export async function createTrpcContext(request: Request): Promise<TrpcContext> {
  return contextFor((await getDatabase()).db, request.headers, await sessionClaims(), (await getReadDatabase()).db);
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
    503: 'SERVICE_UNAVAILABLE',
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
    // Input that fails a procedure's zod schema: each issue named by its field, so a form shows
    // "note: Write a note" beside the field instead of a bare "The request is not valid."
    if (cause instanceof z.ZodError) {
      const details = cause.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
      return { ...shape, message: 'Some fields need attention.', data: { ...shape.data, code: 'VALIDATION_FAILED', details } };
    }
    return { ...shape, data: { ...shape.data, code: 'VALIDATION_FAILED' } };
  },
});

/** Turns a DomainError thrown by the domain into the matching tRPC error, keeping it as the cause. */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  // A failover cutting the call is the same 503 SERVICE_UNAVAILABLE as on REST (docs/errors.md).
  const cause = result.ok ? undefined : result.error.cause instanceof DomainError ? result.error.cause : asDatabaseUnavailable(result.error.cause);
  if (cause) {
    throw new TRPCError({ code: trpcCodeOf(cause.code), message: cause.message, cause });
  }
  return result;
});

/** Every page's input meets the one text rule before any schema sees it (server/validation/text-rule.ts). */
const textRule = t.middleware(async ({ getRawInput, next }) => {
  enforceTextRule(await getRawInput(), 'input');
  return next();
});

/** Each procedure's time and outcome, for /metrics (docs/operations.md). */
const observed = t.middleware(async ({ path, type, next }) => {
  const started = performance.now();
  const result = await next();
  const status = result.ok ? 200 : getHTTPStatusCodeFromError(result.error);
  observeRequest('trpc', path, type === 'query' ? 'GET' : 'POST', status, (performance.now() - started) / 1000);
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(observed).use(domainErrors).use(textRule);

const signedIn = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new DomainError('UNAUTHENTICATED', 'Sign in first.');
  return next({ ctx: { user: ctx.user } });
});

/** Any signed-in user, whatever their role: their own account's procedures. */
export const accountProcedure = signedIn;

/** A trader's own procedures: ctx.traderId is theirs, and every query is scoped to it. */
export const traderProcedure = signedIn.use(({ ctx, next }) => {
  if (ctx.user.role !== 'trader' || !ctx.user.traderId) throw new DomainError('FORBIDDEN', 'This is for traders.');
  return next({ ctx: { traderId: ctx.user.traderId } });
});

/** An operator who signed in with a second factor. */
export const operatorProcedure = signedIn.use(({ ctx, next }) => {
  if (ctx.user.role !== 'operator') throw new DomainError('FORBIDDEN', 'This is for operators.');
  if (!ctx.user.totpEnrolled) throw new DomainError('TOTP_REQUIRED', 'Enrol a second factor first.');
  return next({ ctx: { operatorId: ctx.user.id } });
});

/** An operator still enrolling their second factor: only the enrolment itself. */
export const enrollingOperatorProcedure = signedIn.use(({ ctx, next }) => {
  if (ctx.user.role !== 'operator') throw new DomainError('FORBIDDEN', 'This is for operators.');
  return next({ ctx: { operatorId: ctx.user.id } });
});

/** A merchant's user: their merchant and role as the database says now (session-user.ts). */
const merchantUser = signedIn.use(({ ctx, next }) => {
  const { merchantId, merchantRole } = ctx.user;
  if (ctx.user.role !== 'merchant' || !merchantId || !merchantRole) throw new DomainError('FORBIDDEN', 'This is for merchant users.');
  return next({ ctx: { merchantId, merchantRole, merchantUserId: ctx.user.id } });
});

/**
 * A merchant user whose role grants `permission` (server/merchant-team/merchant-permissions.ts,
 * the table the pages consult too). Owners and developers must have signed in with a second
 * factor; every query is scoped to ctx.merchantId.
 */
export function merchantProcedure(permission: MerchantPermission) {
  return merchantUser.use(({ ctx, next }) => {
    if (totpRequiredFor(ctx.merchantRole) && !ctx.user.totpEnrolled) throw new DomainError('TOTP_REQUIRED', 'Enrol a second factor first.');
    if (!hasMerchantPermission(ctx.merchantRole, permission)) throw new DomainError('FORBIDDEN', 'Your role in this team may not do this.');
    return next();
  });
}

/** A merchant user enrolling their second factor: only the enrolment itself. */
export const enrollingMerchantProcedure = merchantUser;

/** The buyer's procedures: keyed by the checkout token, which grants that one order's view and actions. */
export const checkoutProcedure = publicProcedure.input(z.object({ token: z.string().min(1).max(200) }));
