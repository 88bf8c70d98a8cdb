import type { Db } from '../../db/client';
import type { ChainConfig } from '../chains/chains';
import { log } from '../logging/log';
import { runIncrementalLedgerCheck } from '../ledger/run-invariant-check';
import { pruneRecords } from './prune-records';
import { runDueTimers } from './run-due-timers';
import { beatAndCatchUp } from '../order-timers/outage-catch-up';

const TICK_MS = 5_000;
const PRUNE_EVERY_TICKS = 120;
/** The incremental ledger check every minute (12 ticks of 5 s); one node at a time runs it. */
const LEDGER_CHECK_EVERY_TICKS = 12;

export interface SchedulerOptions {
  /** The solvency check, when chains are configured: every `intervalMs` across all nodes (docs/wallet.md). */
  solvency?: { chains: readonly ChainConfig[]; intervalMs: number };
  /** The daily reconciliation (docs/reconciliation.md): yesterday once, and days with EXPECTED items again. */
  reconciliation?: { chains: readonly ChainConfig[] };
}

/** How often the reconciliation looks for a day to run: cheap when there is none (one query). */
const RECONCILE_EVERY_MS = 15 * 60_000;

/**
 * Runs the timers in this server process every few seconds. Safe with several processes (the
 * timers lock with SKIP LOCKED). Returns a stop function that waits for a running tick.
 */
export function startScheduler(db: Db, tickMs = TICK_MS, options: SchedulerOptions = {}): () => Promise<void> {
  let running: Promise<void> | undefined;
  let ticks = 0;
  const solvency = options.solvency && options.solvency.chains.length > 0 ? options.solvency : undefined;
  let solvencyRunning: Promise<void> | undefined;
  let solvencyTriedAt = Number.NEGATIVE_INFINITY;
  // Off the tick: reading every address on every chain takes longer than a tick, and timers must not wait for it.
  const maybeRunSolvency = () => {
    if (!solvency || solvencyRunning || Date.now() - solvencyTriedAt < Math.min(solvency.intervalMs, 60_000)) return;
    solvencyTriedAt = Date.now();
    solvencyRunning = (async () => {
      try {
        // Loaded only here: a node without chains never loads a chain client.
        const { runSolvencyCheck } = await import('../solvency/run-solvency-check');
        await runSolvencyCheck(db, { chains: solvency.chains, intervalMs: solvency.intervalMs });
      } catch (error) {
        log('error', 'solvency check failed', { error });
      } finally {
        solvencyRunning = undefined;
      }
    })();
  };
  let reconciliationRunning: Promise<void> | undefined;
  let reconciliationTriedAt = Number.NEGATIVE_INFINITY;
  // Off the tick too: a day's chain reads take longer than a tick.
  const maybeReconcile = () => {
    const reconciliation = options.reconciliation;
    if (!reconciliation || reconciliationRunning || Date.now() - reconciliationTriedAt < RECONCILE_EVERY_MS) return;
    reconciliationTriedAt = Date.now();
    reconciliationRunning = (async () => {
      try {
        const { runScheduledReconciliation } = await import('../reconciliation/run-scheduled-reconciliation');
        await runScheduledReconciliation(db, { chains: reconciliation.chains });
      } catch (error) {
        log('error', 'reconciliation failed', { error });
      } finally {
        reconciliationRunning = undefined;
      }
    })();
  };
  const tick = () => {
    maybeRunSolvency();
    maybeReconcile();
    if (running) return;
    running = (async () => {
      try {
        const now = new Date();
        // Time the platform was down is given back before any timer of this tick fires.
        const catchUp = await beatAndCatchUp(db, now, tickMs);
        if (catchUp.outageSeconds > 0) log('warn', 'scheduler outage: deadlines moved on', { seconds: catchUp.outageSeconds, ...catchUp.moved });
        const counts = await runDueTimers(db, now);
        const fired = Object.entries(counts).filter(([, n]) => n > 0);
        if (fired.length > 0) log('info', 'timers fired', Object.fromEntries(fired));
        ticks += 1;
        if (ticks % PRUNE_EVERY_TICKS === 0) log('info', 'records pruned', await pruneRecords(db));
        if (ticks % LEDGER_CHECK_EVERY_TICKS === 0) await runIncrementalLedgerCheck(db);
      } catch (error) {
        log('error', 'scheduler tick failed', { error });
      } finally {
        running = undefined;
      }
    })();
  };
  const interval = setInterval(tick, tickMs);
  interval.unref();
  maybeRunSolvency();
  return async () => {
    clearInterval(interval);
    await running;
    await solvencyRunning;
    await reconciliationRunning;
  };
}
