import { sqlStateOf } from './errors';

/**
 * Awaits statements sent together on one transaction (postgres.js pipelines them) and, if any
 * failed, throws the cause. When a statement fails, PostgreSQL aborts the transaction and every
 * statement it receives later fails with "current transaction is aborted" (25P02). Those can sit
 * earlier in the list than the cause (a statement built in a later microtask is sent later) and
 * settle first, so the first failure that is not 25P02 is the cause; the earliest failure otherwise.
 */
export async function pipelined(statements: readonly unknown[]): Promise<void> {
  const settled = await Promise.allSettled(statements);
  const failures = settled.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
  if (failures.length === 0) return;
  throw failures.find((reason) => sqlStateOf(reason) !== '25P02') ?? failures[0];
}
