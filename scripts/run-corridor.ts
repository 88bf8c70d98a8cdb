/**
 * What `npm start` and `npm run start:prod` share once the database is ready: the timers, the
 * webhook worker and the HTTP server in this process, and a clean stop on SIGTERM/SIGINT.
 */
import { performance } from 'node:perf_hooks';
import { closeDatabase, type Database } from '../db';
import { apiRequestRecorder } from '../server/api-request-log/api-request-recorder';
import type { Env } from '../config/env';
import { parseTrustedProxies } from '../server/http/client-address';
import { routeFrameworkConsole } from '../server/logging/framework-console';
import { log } from '../server/logging/log';
import { safeError } from '../server/logging/safe-error';
import { beginShutdown } from '../server/operations/shutdown-state';
import { startScheduler } from '../server/scheduler/start-scheduler';
import { keyring } from '../server/config/keyring';
import { reportTargetsFrom } from '../server/reports/delivery/report-target';
import { chainSettings } from '../server/chains/chain-settings';
import { startDeliveryWorker } from '../server/webhooks/delivery-worker';
import { alertChannelsOf, startAlertWorker } from '../server/alerts/alert-worker';
import { startHttpServer, startMetricsServer } from './serve';
import { startBanner } from './start-banner';

const print = (line = '') => console.log(line);

/** How long requests and webhook deliveries in flight get to finish on SIGTERM. */
const SHUTDOWN_GRACE_MS = 15_000;

export async function runCorridor(config: Env, database: Database, options: { root: string; started: number }): Promise<void> {
  // A bad TRUST_PROXY stops the start here, not at the first request.
  parseTrustedProxies(config.TRUST_PROXY);
  // A bad chain configuration stops the start here; with no chains configured the watcher has nothing to do.
  const { chains } = chainSettings();
  const reportTargets = reportTargetsFrom(config);
  const stopScheduler =
    config.CORRIDOR_SCHEDULER === 'on'
      ? startScheduler(database.db, undefined, {
          solvency: { chains, intervalMs: config.CORRIDOR_SOLVENCY_INTERVAL_MINUTES * 60_000 },
          reconciliation: { chains },
          reports: reportTargets.length > 0 ? { targets: reportTargets, ring: keyring() } : undefined,
        })
      : async () => {};
  // Loaded only when it has work: a node without chains never loads a chain client.
  const stopChainWatcher =
    config.CORRIDOR_CHAIN_WATCHER === 'on' && chains.length > 0
      ? (await import('../server/deposits/start-chain-watcher')).startChainWatcher(database.db, chains)
      : async () => {};
  const worker =
    config.CORRIDOR_WEBHOOK_WORKER === 'on'
      ? startDeliveryWorker(database.db, { allowPrivate: config.webhookAllowPrivate, leaseMs: config.CORRIDOR_WEBHOOK_LEASE_MS })
      : undefined;
  const alertWorker = config.CORRIDOR_ALERT_WORKER === 'on' ? startAlertWorker(database.db, alertChannelsOf(config)) : undefined;

  print('▸ Starting the server…');
  // From here on Next and React share this process: their console lines go through the log's
  // redaction (a failed export's SQL parameters, a checkout token in a warning's path).
  routeFrameworkConsole();
  const running = await startHttpServer({ port: config.PORT, host: config.HOST, dir: options.root, pages: config.CORRIDOR_PAGES === 'on' });
  const metricsServer = config.METRICS_PORT ? await startMetricsServer({ port: config.METRICS_PORT, host: config.METRICS_HOST }) : undefined;
  const seconds = ((performance.now() - options.started) / 1000).toFixed(1);

  print();
  const metricsUrl = metricsServer ? `http://${config.METRICS_HOST}:${config.METRICS_PORT}/metrics` : undefined;
  for (const line of startBanner({ url: running.url, mode: config.mode, seconds, demo: config.demo, metricsUrl })) print(line);
  print();
  print('Press Ctrl+C to stop.');

  // Graceful stop (docs/operations.md): /readyz turns 503 at once, the server stops accepting and
  // lets requests in flight finish (bounded), the timers finish their tick, the webhook worker
  // finishes or hands back what it holds, then the pool closes and the process exits 0.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    beginShutdown();
    log('info', 'stopping', { signal });
    await Promise.all([running.close(SHUTDOWN_GRACE_MS), stopScheduler(), stopChainWatcher(), worker?.stop(SHUTDOWN_GRACE_MS), alertWorker?.stop()]);
    metricsServer?.close();
    // The request log's last rows (server/api-request-log) go in before the pool closes.
    await apiRequestRecorder().flush();
    await closeDatabase();
    log('info', 'stopped', { signal });
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

/** Start-up failures print their message (never a stack of secrets' values) and exit non-zero. */
export function exitOnStartFailure(error: unknown): never {
  // Through the log's error serializer: a failed statement's parameters never reach the terminal.
  const safe = safeError(error);
  // Straight to stderr: a person reads it, and console.error may be routed into the log by now.
  process.stderr.write(`${safe.code ? `${safe.message} (${safe.code})` : safe.message}\n`);
  process.exit(1);
}
