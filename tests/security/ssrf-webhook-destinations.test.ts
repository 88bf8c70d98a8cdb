import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants, webhookAttempts, webhookDeliveries } from '../../db/schema';
import { cliActor } from '../../server/audit';
import { isDomainError } from '../../server/errors';
import { claimDeliveries } from '../../server/webhooks/claim-deliveries';
import { deliverWebhook } from '../../server/webhooks/deliver-webhook';
import { setWebhookEndpoint } from '../../server/webhooks/set-webhook-endpoint';
import { sendTestEvent } from '../../server/webhooks/send-test-event';
import { apiDatabase, apiMerchant, type TestMerchant } from '../api/api-harness';
import type { TestDatabase } from '../db/test-database';
import { startReceiver } from '../webhooks/receiver';

let database: TestDatabase;
let merchant: TestMerchant;
let internal: Awaited<ReturnType<typeof startReceiver>>;

// An internal service on 127.0.0.1 whose reply the attacker wants to read.
const INTERNAL_SECRET = 'internal-admin-token-7d1f';

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
  internal = await startReceiver((_request, _body, response) => {
    response.statusCode = 200;
    response.end(INTERNAL_SECRET);
  });
});
afterAll(async () => {
  await internal.close();
  await database.close();
});

/**
 * Every spelling of an internal address an attacker might give as a webhook URL. Those that name
 * loopback all carry the port of the internal service on 127.0.0.1, so a form that slipped through
 * the guard would reach it and be counted.
 */
function destinations(port: number): string[] {
  return [
    `http://127.0.0.1:${port}/x`,
    `http://localhost:${port}/x`,
    `http://LOCALHOST:${port}/x`,
    `http://127.1:${port}/x`,
    `http://2130706433:${port}/x`,
    `http://0177.0.0.1:${port}/x`,
    `http://0x7f.1:${port}/x`,
    `http://0x7f000001:${port}/x`,
    `http://017700000001:${port}/x`,
    `http://127.000.000.001:${port}/x`,
    `http://127.0.0.1.:${port}/x`,
    `http://%31%32%37.0.0.1:${port}/x`,
    `http://\u2460\u2461\u2466.0.0.1:${port}/x`,
    `http://0.0.0.0:${port}/x`,
    `http://0:${port}/x`,
    `http://[::1]:${port}/x`,
    `http://[::]:${port}/x`,
    `http://[::ffff:127.0.0.1]:${port}/x`,
    `http://[::ffff:7f00:1]:${port}/x`,
    `http://[0:0:0:0:0:ffff:7f00:1]:${port}/x`,
    `http://[::ffff:0.0.0.0]:${port}/x`,
    `http://[::7f00:1]:${port}/x`,
    `http://[::127.0.0.1]:${port}/x`,
    `http://[64:ff9b::7f00:1]:${port}/x`,
    `http://[64:ff9b:1::7f00:1]:${port}/x`,
    `http://[2002:7f00:1::1]:${port}/x`,
    `http://[2001:0:4136:e378:8000:63bf:80ff:fffe]:${port}/x`,
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/latest/meta-data/',
    'http://[64:ff9b::a9fe:a9fe]/latest/meta-data/',
    'http://10.0.0.1/x',
    'http://172.16.0.1/x',
    'http://192.168.0.1/x',
    'http://100.64.0.1/x',
    'http://[fd00::1]/x',
    'http://[fe80::1]/x',
  ];
}

/** Delivers everything due with private destinations forbidden, as a production worker does. */
async function drain() {
  for (let round = 0; round < 100; round += 1) {
    const batch = await claimDeliveries(database.db, { workerId: 'ssrf-worker', now: new Date(), limit: 50, leaseMs: 30_000 });
    if (batch.length === 0) return;
    await Promise.all(batch.map((delivery) => deliverWebhook(database.db, delivery, { workerId: 'ssrf-worker', allowPrivate: false, schedule: [], timeoutMs: 2_000 })));
  }
}

describe('an attacker points a webhook endpoint at an internal address to make Corridor call it and show the reply', () => {
  it('no spelling of an internal address is connected to: each attempt is refused and keeps no reply', async () => {
    const urls = destinations(internal.port);
    expect(urls.length).toBeGreaterThanOrEqual(20);
    const sent: { url: string; deliveryId: string }[] = [];
    for (const url of urls) {
      // Stored as it could have been before the endpoint check, or behind a name resolving there.
      await setWebhookEndpoint(database.db, { merchantId: merchant.merchantId, url, actor: cliActor, now: new Date(), allowPrivate: true });
      sent.push({ url, deliveryId: (await sendTestEvent({ db: database.db, merchantId: merchant.merchantId, actor: cliActor })).deliveryId });
    }
    await drain();

    expect(internal.received).toHaveLength(0);
    for (const { url, deliveryId } of sent) {
      const [delivery] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
      const attempts = await database.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId));
      expect({ url, status: delivery?.status, error: delivery?.lastError }).toEqual({ url, status: 'failed', error: expect.stringMatching(/^(destination not allowed|could not connect)$/) });
      expect(attempts.map((attempt) => [attempt.statusCode, attempt.responseExcerpt])).toEqual([[null, null]]);
    }
  });

  it("the merchant's delivery log shows the refusal and nothing of the internal service", async () => {
    await setWebhookEndpoint(database.db, { merchantId: merchant.merchantId, url: `http://[::ffff:127.0.0.1]:${internal.port}/admin`, actor: cliActor, now: new Date(), allowPrivate: true });
    const { eventId } = await sendTestEvent({ db: database.db, merchantId: merchant.merchantId, actor: cliActor });
    await drain();
    const log = await merchant.client.request<{ items: { attemptLog: { statusCode: number | null; response: string | null; error: string | null }[] }[] }>(
      'GET',
      '/api/v1/webhooks/deliveries',
      { query: { eventId } },
    );
    expect(log.status).toBe(200);
    const [item] = (log.body as { items: { attemptLog: { statusCode: number | null; response: string | null; error: string | null }[] }[] }).items;
    expect(item?.attemptLog).toEqual([expect.objectContaining({ statusCode: null, response: null, error: 'destination not allowed' })]);
    expect(JSON.stringify(log.body)).not.toContain(INTERNAL_SECRET);
    expect(internal.received).toHaveLength(0);
  });
});

describe('an attacker sets an internal IP address as the endpoint where private destinations are not allowed', () => {
  it.each([
    'http://[::ffff:127.0.0.1]/x',
    'http://2130706433/x',
    'http://0x7f.1/x',
    'http://[::ffff:a9fe:a9fe]/x',
    'http://[64:ff9b::a00:1]/x',
    'http://[2002:a9fe:a9fe::]/x',
    'http://10.0.0.1/x',
    'http://[fd00::1]/x',
  ])('%s is refused with VALIDATION_FAILED on webhookUrl, and the endpoint stays as it was', async (url) => {
    await setWebhookEndpoint(database.db, { merchantId: merchant.merchantId, url: 'https://merchant.example/hooks', actor: cliActor, now: new Date(), allowPrivate: false });
    const error = await setWebhookEndpoint(database.db, { merchantId: merchant.merchantId, url, actor: cliActor, now: new Date(), allowPrivate: false }).catch((caught: unknown) => caught);
    expect(isDomainError(error) && error.code).toBe('VALIDATION_FAILED');
    expect(isDomainError(error) && error.details).toEqual([{ path: 'webhookUrl', message: expect.stringMatching(/private address/) }]);
    const [row] = await database.db.select({ url: merchants.webhookUrl }).from(merchants).where(eq(merchants.id, merchant.merchantId));
    expect(row?.url).toBe('https://merchant.example/hooks');
  });

  it('public addresses and names are accepted (a name is judged when the worker connects)', async () => {
    for (const url of ['https://merchant.example/hooks', 'https://8.8.8.8/hooks', 'https://[2606:4700::1]/hooks']) {
      await expect(setWebhookEndpoint(database.db, { merchantId: merchant.merchantId, url, actor: cliActor, now: new Date(), allowPrivate: false })).resolves.toMatchObject({ url });
    }
  });
});
