/**
 * `npm start`: builds when needed, migrates the database (the embedded PGlite unless DATABASE_URL
 * is set), seeds the demo data once in demo mode, and serves Corridor, printing where to go.
 */
import { performance } from 'node:perf_hooks';
import { closeDatabase, getDatabase } from '../db';
import { demoCredentials } from '../server/demo/demo-credentials';
import { seedDemo } from '../server/demo/seed-demo';
import { env } from '../server/env';
import { startScheduler } from '../server/scheduler/start-scheduler';
import { startDeliveryWorker } from '../server/webhooks/delivery-worker';
import { buildNeeded, runBuild } from './build-if-needed';
import { startHttpServer } from './serve';

const root = process.cwd();
const log = (line = '') => console.log(line);

async function main(): Promise<void> {
  const started = performance.now();
  const config = env();

  const reason = buildNeeded(root);
  if (reason) {
    log(`▸ Building Corridor (${reason}); the first build takes a minute or two…`);
    await runBuild(root);
  }

  log(config.DATABASE_URL ? '▸ Migrating PostgreSQL (DATABASE_URL)…' : `▸ Migrating the embedded database in ${config.PGLITE_DIR}…`);
  const database = await getDatabase();

  if (config.demo) {
    const seeded = await seedDemo(database.db);
    log(seeded ? '▸ Demo data seeded.' : '▸ Demo data already present.');
  }

  const stopScheduler = config.CORRIDOR_SCHEDULER === 'on' ? startScheduler(database.db) : async () => {};
  const worker =
    config.CORRIDOR_WEBHOOK_WORKER === 'on'
      ? startDeliveryWorker(database.db, { allowPrivate: config.webhookAllowPrivate, leaseMs: config.CORRIDOR_WEBHOOK_LEASE_MS })
      : undefined;

  log('▸ Starting the server…');
  const running = await startHttpServer({ port: config.PORT, host: config.HOST, dir: root });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);

  log();
  log(`Corridor is running at ${running.url} (ready in ${seconds} s)`);
  log(`  Landing page      ${running.url}/`);
  log(`  Checkout demo     ${running.url}/demo/checkout`);
  log(`  Trader dashboard  ${running.url}/trader`);
  log(`  Operator console  ${running.url}/operator`);
  log(`  API reference     ${running.url}/docs/api`);
  log(`  Merchant API      ${running.url}/api/v1`);
  if (config.demo) {
    const { merchant, trader, operator } = demoCredentials;
    log();
    log('Demo credentials (demo mode only):');
    log(`  Merchant API key     ${merchant.apiKey}`);
    log(`  Merchant API secret  ${merchant.apiSecret}`);
    log(`  Trader               ${trader.email} / ${trader.password}`);
    log(`  Trader API key       ${trader.apiKey} / ${trader.apiSecret}`);
    log(`  Operator             ${operator.email} / ${operator.password}`);
  }
  log();
  log('Press Ctrl+C to stop.');

  const stop = async (signal: string) => {
    log(`\n${signal}: stopping…`);
    await running.close();
    await stopScheduler();
    await worker?.stop();
    await closeDatabase();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
