import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { getDatabase } from '../../../db';
import { sessionClaims } from '../../_auth/auth';
import { contextFor } from '../../_trpc/init';
import { appRouter } from '../../_trpc/root';

/**
 * The tRPC procedures called from the console's server components: the same router, session
 * check, permission table and error mapping as the pages' browser calls, so a page rendered on the
 * server can show no more than its procedure would answer.
 */
export async function merchantCaller() {
  const db = (await getDatabase()).db;
  const requestHeaders = await headers();
  const claims = await sessionClaims();
  return appRouter.createCaller(() => contextFor(db, requestHeaders, claims));
}

/**
 * A page's procedure refused the order's reference from the address (ORDER_NOT_FOUND, or one no
 * order can have: VALIDATION_FAILED): the page is a 404, as for a missing order, never a 500.
 */
export async function orNotFound<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    // A zod issue list (the reference's shape) or the text rule's own refusal (a control character).
    const cause = (error as { cause?: { code?: string; issues?: unknown } }).cause;
    if (cause?.code === 'ORDER_NOT_FOUND' || cause?.code === 'VALIDATION_FAILED' || cause?.issues !== undefined) notFound();
    throw error;
  }
}
