import type { Db } from '../../db/client';
import { isDomainError } from '../errors';
import { log } from '../logging/log';
import { timers, type Timer } from './timers';
import { retryTransaction } from '../../db/retry-transaction';
import { runDisputeDeadlines } from '../disputes/case-deadlines';
import { runAutoRulings } from '../disputes/run-auto-rulings';

export type TimerCounts = Record<string, number>;

/**
 * Fires every due timer once, in batches: one transaction per batch holds the batch's row locks,
 * and each order's transition runs in a savepoint so one refusal does not undo the others.
 */
export async function runDueTimers(db: Db, now = new Date(), batchSize = 100): Promise<TimerCounts> {
  const counts: TimerCounts = {};
  for (const timer of timers) {
    counts[timer.name] = await drain(db, timer, now, batchSize);
  }
  // Disputes' deadlines first, so a rule waiting for a deadline sees it settled in the same tick.
  const deadlines = await runDisputeDeadlines(db, now);
  counts['dispute.deadline_missed'] = deadlines.missed;
  const auto = await runAutoRulings(db, now);
  counts['dispute.auto_ruling_scheduled'] = auto.scheduled;
  counts['dispute.auto_ruling_applied'] = auto.applied;
  counts['dispute.auto_ruling_proposed'] = auto.proposed;
  return counts;
}

async function drain(db: Db, timer: Timer, now: Date, batchSize: number): Promise<number> {
  let fired = 0;
  for (;;) {
    const batch = await retryTransaction(db, async (tx) => {
      const ids = await timer.dueIds(tx, now, batchSize);
      let done = 0;
      for (const orderId of ids) {
        try {
          if (await tx.transaction((savepoint) => timer.fire(savepoint, orderId, now))) done += 1;
        } catch (error) {
          // Another actor moved the order first, or it is not due after all: nothing to do.
          if (!isDomainError(error)) throw error;
          log('debug', 'timer skipped an order', { timer: timer.name, orderId, code: error.code });
        }
      }
      return { size: ids.length, done };
    });
    fired += batch.done;
    if (batch.size < batchSize || timer.oneBatchPerTick) return fired;
  }
}
