/**
 * `npm run worker`: the webhook delivery loop and the alert loop (docs/alerts.md) on their own, for deployments that scale it apart from
 * the web server. Needs PostgreSQL (DATABASE_URL): the embedded database has one owner process.
 * SIGTERM finishes deliveries in flight (or hands them back) before exiting.
 */
import { closeDatabase, getDatabase } from '../db';
import { assertReadyForProduction } from '../server/config/production-readiness';
import { env } from '../config/env';
import { log } from '../server/logging/log';
import { startDeliveryWorker } from '../server/webhooks/delivery-worker';
import { alertChannelsOf, startAlertWorker } from '../server/alerts/alert-worker';

async function main() {
  const config = env();
  if (!config.DATABASE_URL) {
    console.error('npm run worker needs DATABASE_URL (PostgreSQL): the embedded database belongs to the npm start process, whose own worker already delivers webhooks.');
    process.exit(2);
  }
  assertReadyForProduction(config);
  const { db } = await getDatabase();
  const schedule = process.env.CORRIDOR_WEBHOOK_RETRY_SCHEDULE_MS?.split(',').map(Number);
  const worker = startDeliveryWorker(db, {
    workerId: process.env.CORRIDOR_WORKER_ID,
    allowPrivate: config.webhookAllowPrivate,
    leaseMs: config.CORRIDOR_WEBHOOK_LEASE_MS,
    schedule,
    idleMs: Number(process.env.CORRIDOR_WORKER_IDLE_MS ?? 500),
    keepProcessAlive: true,
  });
  const alerts = config.CORRIDOR_ALERT_WORKER === 'on' ? startAlertWorker(db, { ...alertChannelsOf(config), keepProcessAlive: true }) : undefined;
  const stop = async (signal: string) => {
    log('info', 'webhook worker stopping', { workerId: worker.workerId, signal });
    await Promise.all([worker.stop(), alerts?.stop()]);
    await closeDatabase();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  // Said once the handlers are in place: whoever waits for this line may stop the worker at once.
  log('info', 'webhook worker started', { workerId: worker.workerId });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
