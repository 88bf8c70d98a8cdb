import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';
import { sqlStateOf } from './errors';

/**
 * SQLSTATEs after which the whole transaction may simply run again: PostgreSQL rolled it back to
 * break a deadlock (40P01) or because a serializable (or, on distributed engines, any) transaction
 * could not be ordered with a concurrent one (40001). docs/scaling.md.
 */
const RETRYABLE = new Set(['40001', '40P01']);

function isRetryableTransactionError(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== undefined && RETRYABLE.has(state);
}

export interface RetryOptions {
  /** Runs in all, the first included. */
  attempts?: number;
  /** Mean back-off before the second run; doubled per run, jittered by ±50%. */
  backoffMs?: number;
  /** Called before each new run (tests count them; nothing is logged: no SQL parameters). */
  onRetry?: (attempt: number, sqlState: string) => void;
}

type TransactionConfig = Parameters<Db['transaction']>[1];

/**
 * `db.transaction(work)`, run again when the whole transaction failed with a serialization failure
 * or a deadlock; any other error is thrown at once, and after `attempts` runs the last conflict is.
 *
 * Running again is safe because a failed transaction left nothing behind: the order, its ledger
 * transfer, its outbox event and its idempotency record were all rolled back together, so a
 * retried create makes one order, not two. `work` must therefore keep its effects inside the
 * transaction (it does in every domain path: events go through the outbox).
 *
 * Inside a transaction already (a savepoint), it runs once: after a conflict only the outermost
 * transaction can start over, and its own wrapper does that.
 */
export async function retryTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, options: RetryOptions & { config?: TransactionConfig } = {}): Promise<T> {
  if (db instanceof PgTransaction) return (db as unknown as Tx).transaction(work);
  return retryConflicts(() => db.transaction(work, options.config), options);
}

/** The retry loop itself, for any unit of work that is one whole transaction. */
async function retryConflicts<T>(run: () => Promise<T>, { attempts = 3, backoffMs = 5, onRetry }: RetryOptions = {}): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isRetryableTransactionError(error)) throw error;
      onRetry?.(attempt + 1, sqlStateOf(error) ?? '');
      // Jitter, so two transactions that collided do not collide again in step.
      const delay = backoffMs * 2 ** (attempt - 1) * (0.5 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
