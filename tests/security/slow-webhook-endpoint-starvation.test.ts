import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../db/schema';
import { cliActor } from '../../server/audit';
import { startDeliveryWorker } from '../../server/webhooks/delivery-worker';
import { setWebhookEndpoint } from '../../server/webhooks/set-webhook-endpoint';
import { sendTestEvent } from '../../server/webhooks/send-test-event';
import { apiDatabase, apiMerchant } from '../api/api-harness';
import type { TestDatabase } from '../db/test-database';
import { startReceiver } from '../webhooks/receiver';

let database: TestDatabase;

beforeAll(async () => {
  database = await apiDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The per-attempt timeout the workers run with here; the slow endpoint answers well after it. */
const TIMEOUT_MS = 1_000;
const SLOW_REPLY_MS = 2_500;
/** What claim-deliveries.ts lets one merchant have in flight across all workers. */
const PER_MERCHANT = 4;

describe('a merchant floods its own slow endpoint with events to hold up every other merchant’s webhooks', () => {
  it('the slow merchant gets a few delivery slots across all workers, and another merchant’s event goes out at once', async () => {
    let slowInFlight = 0;
    let slowMaxInFlight = 0;
    const slow = await startReceiver((_request, _body, response) => {
      slowInFlight += 1;
      slowMaxInFlight = Math.max(slowMaxInFlight, slowInFlight);
      response.once('close', () => (slowInFlight -= 1));
      setTimeout(() => response.end('late'), SLOW_REPLY_MS).unref();
    });
    const fast = await startReceiver();
    const flooder = await apiMerchant(database.db);
    const bystander = await apiMerchant(database.db);
    await setWebhookEndpoint(database.db, { merchantId: flooder.merchantId, url: slow.url, actor: cliActor });
    await setWebhookEndpoint(database.db, { merchantId: bystander.merchantId, url: fast.url, actor: cliActor });
    for (let i = 0; i < 40; i += 1) await sendTestEvent({ db: database.db, merchantId: flooder.merchantId, actor: cliActor });
    // The bystander's event is the newest of all: the old claim order put it behind all 40.
    const { deliveryId } = await sendTestEvent({ db: database.db, merchantId: bystander.merchantId, actor: cliActor });

    // Two workers, as a scaled deployment runs them; failed attempts come back much later.
    const options = { allowPrivate: true, leaseMs: 30_000, idleMs: 20, timeoutMs: TIMEOUT_MS, schedule: [600_000] };
    const workers = [startDeliveryWorker(database.db, { ...options, workerId: 'fair-a' }), startDeliveryWorker(database.db, { ...options, workerId: 'fair-b' })];
    try {
      const deadline = Date.now() + 15_000;
      while (fast.received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      // Let the workers go round once more, so a second wave of claims is watched too.
      await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS + 200));
    } finally {
      await Promise.all(workers.map((worker) => worker.stop(TIMEOUT_MS * 3)));
      await slow.close();
      await fast.close();
    }

    const [delivery] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
    expect(delivery?.status).toBe('succeeded');
    const bystanderAt = fast.received[0]!.at;
    const firstSlowAt = Math.min(...slow.received.map((request) => request.at));
    // Went out while the flooder's first attempts were still waiting for their reply: it queued
    // behind none of them (the old order sent it after four rounds of timed-out attempts).
    expect(bystanderAt - firstSlowAt).toBeLessThan(TIMEOUT_MS);
    expect(slow.received.filter((request) => request.at < bystanderAt).length).toBeLessThanOrEqual(PER_MERCHANT);
    // Never more than the cap at the slow endpoint, across both workers.
    expect(slowMaxInFlight).toBeLessThanOrEqual(PER_MERCHANT);
    expect(slowMaxInFlight).toBeGreaterThan(0);
  }, 30_000);
});
