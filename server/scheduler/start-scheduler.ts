import type { Db } from '../../db/client';
import type { ChainConfig } from '../chains/chains';
import { log } from '../logging/log';
import { runIncrementalLedgerCheck } from '../ledger/run-invariant-check';
import { pruneRecords } from './prune-records';
import { runDueTimers } from './run-due-timers';
import { runReputationRefresh } from '../reputation/run-reputation-refresh';
import { routingSettings } from '../routing/routing-settings';
import { beatAndCatchUp } from '../order-timers/outage-catch-up';
import type { Keyring } from '../crypto/keyring';
import type { ReportTarget } from '../reports/delivery/report-target';

const TICK_MS = 5_000;
const PRUNE_EVERY_TICKS = 120;
/** The incremental ledger check every minute (12 ticks of 5 s); one node at a time runs it. */
const LEDGER_CHECK_EVERY_TICKS = 12;

export interface SchedulerOptions {
  /** The solvency check, when chains are configured: every `intervalMs` across all nodes (docs/wallet.md). */
  solvency?: { chains: readonly ChainConfig[]; intervalMs: number };
  /** The daily reconciliation (docs/reconciliation.md): yesterday once, and days with EXPECTED items again. */
  reconciliation?: { chains: readonly ChainConfig[] };
  /** Scheduled delivery of closed days' reports (docs/reconciliation.md, "Scheduled delivery"). */
  reports?: { targets: readonly ReportTarget[]; ring: Keyring };
}

/** How often the reconciliation looks for a day to run: cheap when there is none (one query). */
const RECONCILE_EVERY_MS = 15 * 60_000;
/** How often report delivery looks for a day to plan and a file due: one query each when there is none. */
const REPORTS_EVERY_MS = 5 * 60_000;
/** How often the traders' reputation is recomputed (docs/routing.md, "Reputation"): one statement over a month's orders. */
const REPUTATION_EVERY_MS = 5 * 60_000;

/**
 * A job run beside the ticks, at most every `everyMs` and never twice at once: `poke()` starts it
 * when it is due, `running()` waits for a run in flight (the stop). Failures are logged, not thrown.
 */
function offTick(name: string, everyMs: number, run: (() => Promise<void>) | undefined) {
  let inFlight: Promise<void> | undefined;
  let triedAt = Number.NEGATIVE_INFINITY;
  return {
    poke() {
      if (!run || inFlight || Date.now() - triedAt < everyMs) return;
      triedAt = Date.now();
      inFlight = run()
        .catch((error: unknown) => log('error', `${name} failed`, { error }))
        .finally(() => (inFlight = undefined));
    },
    running: () => inFlight,
  };
}

/**
 * Runs the timers in this server process every few seconds. Safe with several processes (the
 * timers lock with SKIP LOCKED). Returns a stop function that waits for a running tick.
 */
export function startScheduler(db: Db, tickMs = TICK_MS, options: SchedulerOptions = {}): () => Promise<void> {
  let running: Promise<void> | undefined;
  let ticks = 0;
  const solvency = options.solvency && options.solvency.chains.length > 0 ? options.solvency : undefined;
  // Off the tick: reading every address on every chain takes longer than a tick, and timers must not wait for it.
  const maybeRunSolvency = offTick('solvency check', Math.min(solvency?.intervalMs ?? 60_000, 60_000), solvency && (async () => {
    // Loaded only here: a node without chains never loads a chain client.
    const { runSolvencyCheck } = await import('../solvency/run-solvency-check');
    await runSolvencyCheck(db, { chains: solvency.chains, intervalMs: solvency.intervalMs });
  }));
  // Off the tick too: a day's chain reads and report files take longer than a tick.
  const reconciliation = options.reconciliation;
  const maybeReconcile = offTick('reconciliation', RECONCILE_EVERY_MS, reconciliation && (async () => {
    const { runScheduledReconciliation } = await import('../reconciliation/run-scheduled-reconciliation');
    await runScheduledReconciliation(db, { chains: reconciliation.chains });
  }));
  const reports = options.reports;
  const maybeDeliverReports = offTick('report delivery', REPORTS_EVERY_MS, reports && reports.targets.length > 0 ? async () => {
    const { runReportDeliveries } = await import('../reports/delivery/run-report-deliveries');
    const counts = await runReportDeliveries(db, { ring: reports.ring, targets: reports.targets });
    if (counts.planned + counts.delivered + counts.retrying + counts.failed > 0) log('info', 'report delivery', { ...counts });
  } : undefined);
  // Off the tick: routing reads the rows it writes, and a month of orders takes longer to read than a timer should wait.
  const maybeRefreshReputation = offTick('reputation refresh', REPUTATION_EVERY_MS, async () => {
    const { value } = await routingSettings(db);
    await runReputationRefresh(db, new Date(), value.newTrader);
  });
  const tick = () => {
    maybeRunSolvency.poke();
    maybeRefreshReputation.poke();
    maybeReconcile.poke();
    maybeDeliverReports.poke();
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
  maybeRunSolvency.poke();
  return async () => {
    clearInterval(interval);
    await running;
    await maybeRunSolvency.running();
    await maybeReconcile.running();
    await maybeDeliverReports.running();
    await maybeRefreshReputation.running();
  };
}
