/**
 * What `npm start` and `npm run start:prod` share once the database is ready: the timers, the
 * webhook worker and the HTTP server in this process, and a clean stop on SIGTERM/SIGINT.
 */
import { performance } from 'node:perf_hooks';
import { closeDatabase, type Database } from '../db';
import { demoCredentials } from '../server/demo/demo-credentials';
import type { Env } from '../server/env';
import { startScheduler } from '../server/scheduler/start-scheduler';
import { startDeliveryWorker } from '../server/webhooks/delivery-worker';
import { startHttpServer } from './serve';

const print = (line = '') => console.log(line);

export async function runCorridor(config: Env, database: Database, options: { root: string; started: number }): Promise<void> {
  const stopScheduler = config.CORRIDOR_SCHEDULER === 'on' ? startScheduler(database.db) : async () => {};
  const worker =
    config.CORRIDOR_WEBHOOK_WORKER === 'on'
      ? startDeliveryWorker(database.db, { allowPrivate: config.webhookAllowPrivate, leaseMs: config.CORRIDOR_WEBHOOK_LEASE_MS })
      : undefined;

  print('▸ Starting the server…');
  const running = await startHttpServer({ port: config.PORT, host: config.HOST, dir: options.root });
  const seconds = ((performance.now() - options.started) / 1000).toFixed(1);

  print();
  print(`Corridor is running at ${running.url} in ${config.mode} mode (ready in ${seconds} s)`);
  print(`  Landing page      ${running.url}/`);
  if (config.demo) print(`  Checkout demo     ${running.url}/demo/checkout`);
  print(`  Trader dashboard  ${running.url}/trader`);
  print(`  Operator console  ${running.url}/operator`);
  print(`  API reference     ${running.url}/docs/api`);
  print(`  Merchant API      ${running.url}/api/v1`);
  if (config.demo) {
    const { merchant, trader, operator } = demoCredentials;
    print();
    print('Demo credentials (demo mode only; never for real money):');
    print(`  Merchant API key     ${merchant.apiKey}`);
    print(`  Merchant API secret  ${merchant.apiSecret}`);
    print(`  Trader               ${trader.email} / ${trader.password}`);
    print(`  Trader API key       ${trader.apiKey} / ${trader.apiSecret}`);
    print(`  Operator             ${operator.email} / ${operator.password}`);
  }
  print();
  print('Press Ctrl+C to stop.');

  const stop = async (signal: string) => {
    print(`\n${signal}: stopping…`);
    await running.close();
    await stopScheduler();
    await worker?.stop();
    await closeDatabase();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

/** Start-up failures print their message (never a stack of secrets' values) and exit non-zero. */
export function exitOnStartFailure(error: unknown): never {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
