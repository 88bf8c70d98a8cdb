/**
 * Awaits statements sent together on one transaction (postgres.js pipelines them) and, if any
 * failed, throws the failure of the earliest one. When a statement fails, PostgreSQL aborts the
 * transaction and every later statement of the pipeline fails with "current transaction is
 * aborted" (25P02); those rejections can settle first, but the earliest failure is the cause.
 */
export async function pipelined(statements: readonly unknown[]): Promise<void> {
  const settled = await Promise.allSettled(statements);
  for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
}
