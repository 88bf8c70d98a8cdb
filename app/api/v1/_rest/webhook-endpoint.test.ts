import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointSet, WebhookSecretRotated } from '../../../../clients/node/corridor-client';
import { rowsOf } from '../../../../db/client';
import { auditLog, merchants, webhookDeliveries } from '../../../../db/schema';
import { writeEvent } from '../../../../server/orders/write-event';
import { claimDeliveries } from '../../../../server/webhooks/claim-deliveries';
import { deliverWebhook } from '../../../../server/webhooks/deliver-webhook';
import { signingSecrets } from '../../../../server/webhooks/webhook-secret';
import { apiDatabase, apiMerchant, rawRequest, type TestMerchant } from '../../../../tests/api/api-harness';
import type { TestDatabase } from '../../../../tests/db/test-database';
import { signal } from '../../../../tests/signal';
import { startReceiver, type Received } from '../../../../tests/webhooks/receiver';
import { routes } from './routes';

let database: TestDatabase;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let other: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  database = await apiDatabase();
  receiver = await startReceiver();
  other = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await other.close();
  await database.close();
});

type ErrorBody = { error: { code: string; details?: { path: string; message: string }[] } };
const errorOf = (response: { status: number; body: unknown }) => [response.status, (response.body as ErrorBody).error?.code];
const detailsOf = (response: { body: unknown }) => (response.body as ErrorBody).error?.details ?? [];

/** Runs one worker until nothing of this database is due (demo policy: the receivers are on loopback). */
async function drain() {
  for (let round = 0; round < 50; round += 1) {
    const batch = await claimDeliveries(database.db, { workerId: 'endpoint-test-worker', now: new Date(), limit: 50, leaseMs: 30_000 });
    if (batch.length === 0) return;
    await Promise.all(batch.map((delivery) => deliverWebhook(database.db, delivery, { workerId: 'endpoint-test-worker', allowPrivate: true })));
  }
}

const receivedEvent = (received: Received[], eventId: string) => received.filter((request) => request.headers['webhook-id'] === eventId);
const verifies = (secret: string, request: Received) => {
  try {
    new Webhook(secret.replace(/^whsec_/, '')).verify(request.body, request.headers);
    return true;
  } catch {
    return false;
  }
};

async function merchantRow(merchantId: string) {
  const [row] = await database.db.select().from(merchants).where(eq(merchants.id, merchantId));
  return row!;
}

async function auditOf(merchantId: string) {
  const rows = await database.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'merchant'), eq(auditLog.targetId, merchantId))).orderBy(auditLog.id);
  return rows.filter((row) => row.action.startsWith('merchant.webhook.'));
}

/** A merchant whose endpoint is `url`, with the secret the first set returned. */
async function merchantWithEndpoint(url: string): Promise<TestMerchant & { secret: string }> {
  const merchant = await apiMerchant(database.db);
  const set = await merchant.client.setWebhookEndpoint({ url });
  expect(set.status).toBe(200);
  return { ...merchant, secret: (set.body as WebhookEndpointSet).secret! };
}

describe('GET and POST /api/v1/webhooks/endpoint', () => {
  it('a new merchant has no endpoint; the first set issues a secret once, later reads and sets never show one', async () => {
    const merchant = await apiMerchant(database.db);
    const empty = await merchant.client.getWebhookEndpoint();
    expect([empty.status, empty.body]).toEqual([200, { url: null, enabled: false, disabledAt: null, failingSince: null, secretSet: false, previousSecretExpiresAt: null }]);

    const first = await merchant.client.setWebhookEndpoint({ url: receiver.url });
    expect(first.status).toBe(200);
    const { secret } = first.body as WebhookEndpointSet;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(first.body).toEqual({ url: receiver.url, enabled: true, disabledAt: null, failingSince: null, secretSet: true, previousSecretExpiresAt: null, secret });

    const moved = await merchant.client.setWebhookEndpoint({ url: 'https://shop.example/corridor/hooks' });
    expect(moved.body).toMatchObject({ url: 'https://shop.example/corridor/hooks', enabled: true, secret: null });
    const read = await merchant.client.getWebhookEndpoint();
    expect(read.body).toMatchObject({ url: 'https://shop.example/corridor/hooks', enabled: true, secretSet: true });
    expect(JSON.stringify([moved.body, read.body])).not.toContain(secret!.slice(6));
    // The secret that signs is the one handed out, and it stayed through the change of URL.
    expect(signingSecrets(await merchantRow(merchant.merchantId), new Date())).toEqual([secret]);
  });

  it('setting the endpoint again re-enables an endpoint that 5 days of failures disabled', async () => {
    const merchant = await merchantWithEndpoint(receiver.url);
    const disabledAt = new Date('2026-11-20T10:00:00.000Z');
    const failingSince = new Date('2026-11-15T09:00:00.000Z');
    await database.db.update(merchants).set({ webhookDisabledAt: disabledAt, webhookFailingSince: failingSince }).where(eq(merchants.id, merchant.merchantId));
    const disabled = await merchant.client.getWebhookEndpoint();
    expect(disabled.body).toMatchObject({ url: receiver.url, enabled: false, disabledAt: disabledAt.toISOString(), failingSince: failingSince.toISOString() });
    expect(errorOf(await merchant.client.sendWebhookTest())).toEqual([400, 'VALIDATION_FAILED']);

    const again = await merchant.client.setWebhookEndpoint({ url: receiver.url });
    expect(again.body).toMatchObject({ url: receiver.url, enabled: true, disabledAt: null, failingSince: null, secret: null });
    expect((await merchant.client.sendWebhookTest()).status).toBe(202);
  });

  it('refuses bad URLs at their limits, and a refused request changes nothing', async () => {
    const merchant = await merchantWithEndpoint('https://shop.example/hooks');
    const before = await merchantRow(merchant.merchantId);
    const longest = `https://shop.example/${'a'.repeat(2048 - 'https://shop.example/'.length)}`;
    const cases: [unknown, string][] = [
      [{ url: `${longest}a` }, 'url'],
      [{ url: 'ftp://shop.example/hooks' }, 'url'],
      [{ url: 'not a url' }, 'url'],
      [{ url: '' }, 'url'],
      [{ url: 42 }, 'url'],
      [{ url: null }, 'url'],
      [{}, 'url'],
      [{ url: 'https://shop.example/hooks', secret: 'whsec_mine' }, ''],
      [{ url: 'https://shop.example/ho\u0007oks' }, 'url'],
    ];
    for (const [body, path] of cases) {
      const response = await merchant.client.request('POST', '/api/v1/webhooks/endpoint', { body });
      expect(errorOf(response), JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
      expect(detailsOf(response).map((detail) => detail.path)).toContain(path);
    }
    const notJson = await rawRequest({ method: 'POST', path: '/api/v1/webhooks/endpoint', body: '{"url":', apiKey: merchant.apiKey, apiSecret: merchant.apiSecret });
    expect(notJson.status).toBe(400);
    expect(await merchantRow(merchant.merchantId)).toEqual(before);
    expect((await auditOf(merchant.merchantId)).map((row) => row.action)).toEqual(['merchant.webhook.set']);

    // 2048 characters is the limit, not over it.
    const atLimit = await merchant.client.setWebhookEndpoint({ url: longest });
    expect([atLimit.status, (atLimit.body as WebhookEndpointSet).url]).toEqual([200, longest]);
  });

  it('demo mode lets an endpoint on loopback through (the production policy is in webhook-endpoint.ssrf.test.ts)', async () => {
    const merchant = await apiMerchant(database.db);
    const set = await merchant.client.setWebhookEndpoint({ url: 'http://127.0.0.1:9/hooks' });
    expect(set.status).toBe(200);
  });

  it('deliveries waiting for a retry follow the endpoint to its new URL', async () => {
    const merchant = await merchantWithEndpoint('https://old.shop.example/hooks');
    const { deliveryId } = (await merchant.client.sendWebhookTest()).body as { deliveryId: string };
    await merchant.client.setWebhookEndpoint({ url: receiver.url });
    const delivery = (await merchant.client.getWebhookDelivery(deliveryId)).body as WebhookDelivery;
    expect([delivery.url, delivery.status]).toEqual([receiver.url, 'pending']);
  });
});

describe('POST /api/v1/webhooks/endpoint/clear', () => {
  it('unsets the URL: deliveries not yet sent stop, new events make none, the secret is kept for the next endpoint', async () => {
    const merchant = await merchantWithEndpoint(receiver.url);
    const queued = (await merchant.client.sendWebhookTest()).body as { eventId: string; deliveryId: string };

    const cleared = await merchant.client.clearWebhookEndpoint();
    expect([cleared.status, cleared.body]).toEqual([200, { url: null, enabled: false, disabledAt: null, failingSince: null, secretSet: true, previousSecretExpiresAt: null }]);
    await drain();
    expect(receivedEvent(receiver.received, queued.eventId)).toEqual([]);
    const stopped = (await merchant.client.getWebhookDelivery(queued.deliveryId)).body as WebhookDelivery;
    expect(stopped).toMatchObject({ status: 'failed', attempts: 0, lastError: expect.stringMatching(/cleared/) });

    // The outbox writes no delivery for an event of a merchant without an endpoint.
    const event = await database.db.transaction((tx) => writeEvent(tx, { merchantId: merchant.merchantId, type: 'webhook.test', flow: 'test', data: { message: 'after clear' }, now: new Date() }));
    expect(await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event.id))).toEqual([]);
    const test = await merchant.client.sendWebhookTest();
    expect(errorOf(test)).toEqual([400, 'VALIDATION_FAILED']);
    expect(detailsOf(test)).toEqual([{ path: 'webhookUrl', message: 'is not set or is disabled' }]);
    expect(errorOf(await merchant.client.resendWebhookDelivery(queued.deliveryId))).toEqual([400, 'VALIDATION_FAILED']);

    // A new endpoint: no new secret, and the stopped event re-sent there verifies with the old one.
    const again = await merchant.client.setWebhookEndpoint({ url: other.url });
    expect((again.body as WebhookEndpointSet).secret).toBeNull();
    const resent = await merchant.client.resendWebhookDelivery(queued.deliveryId);
    expect(resent.status).toBe(202);
    await drain();
    const [arrived] = receivedEvent(other.received, queued.eventId);
    expect(arrived && verifies(merchant.secret, arrived)).toBe(true);
  });

  it('clearing with no endpoint set answers the same unset endpoint', async () => {
    const merchant = await apiMerchant(database.db);
    const cleared = await merchant.client.clearWebhookEndpoint();
    expect([cleared.status, (cleared.body as WebhookEndpoint).url, (cleared.body as WebhookEndpoint).secretSet]).toEqual([200, null, false]);
  });
});

describe('POST /api/v1/webhooks/endpoint/rotate-secret', () => {
  it('the new secret is shown once; the old one signs beside it for the overlap, then alone the new one', async () => {
    const merchant = await merchantWithEndpoint(receiver.url);
    const before = Date.now();
    const rotated = await merchant.client.rotateWebhookSecret({ overlapSeconds: 3600 });
    const after = Date.now();
    expect(rotated.status).toBe(200);
    const { secret, previousSecretExpiresAt } = rotated.body as WebhookSecretRotated;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(merchant.secret);
    const expires = Date.parse(previousSecretExpiresAt!);
    expect(expires).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(expires).toBeLessThanOrEqual(after + 3_600_000);
    const read = (await merchant.client.getWebhookEndpoint()).body as WebhookEndpoint;
    expect(read.previousSecretExpiresAt).toBe(previousSecretExpiresAt);
    expect(JSON.stringify(read)).not.toContain('whsec_');

    // During the overlap: two signatures, either secret verifies.
    const during = (await merchant.client.sendWebhookTest()).body as { eventId: string };
    await drain();
    const [overlapping] = receivedEvent(receiver.received, during.eventId);
    expect(overlapping!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect([verifies(merchant.secret, overlapping!), verifies(secret, overlapping!)]).toEqual([true, true]);

    // After the overlap: the old secret no longer signs, and the endpoint says so.
    await database.db.update(merchants).set({ webhookPreviousSecretExpiresAt: new Date(Date.now() - 1000) }).where(eq(merchants.id, merchant.merchantId));
    expect(((await merchant.client.getWebhookEndpoint()).body as WebhookEndpoint).previousSecretExpiresAt).toBeNull();
    const later = (await merchant.client.sendWebhookTest()).body as { eventId: string };
    await drain();
    const [alone] = receivedEvent(receiver.received, later.eventId);
    expect(alone!.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect([verifies(merchant.secret, alone!), verifies(secret, alone!)]).toEqual([false, true]);
  });

  it('defaults to a 24 h overlap; rotating again during it ends the oldest secret at once', async () => {
    const merchant = await merchantWithEndpoint(receiver.url);
    const first = (await merchant.client.rotateWebhookSecret()).body as WebhookSecretRotated;
    expect(Date.parse(first.previousSecretExpiresAt!) - Date.now()).toBeGreaterThan(86_400_000 - 60_000);
    expect(Date.parse(first.previousSecretExpiresAt!) - Date.now()).toBeLessThanOrEqual(86_400_000);
    const second = (await merchant.client.rotateWebhookSecret({ overlapSeconds: 600 })).body as WebhookSecretRotated;
    expect(signingSecrets(await merchantRow(merchant.merchantId), new Date())).toEqual([second.secret, first.secret]);

    const sent = (await merchant.client.sendWebhookTest()).body as { eventId: string };
    await drain();
    const [request] = receivedEvent(receiver.received, sent.eventId);
    expect([merchant.secret, first.secret, second.secret].map((secret) => verifies(secret, request!))).toEqual([false, true, true]);
  });

  it('overlapSeconds 0 ends the old secret at once; with no endpoint yet a rotation issues the first secret', async () => {
    const merchant = await merchantWithEndpoint(receiver.url);
    const now = (await merchant.client.rotateWebhookSecret({ overlapSeconds: 0 })).body as WebhookSecretRotated;
    expect(now.previousSecretExpiresAt).toBeNull();
    expect(signingSecrets(await merchantRow(merchant.merchantId), new Date())).toEqual([now.secret]);

    const fresh = await apiMerchant(database.db);
    const issued = await fresh.client.rotateWebhookSecret({});
    expect(issued.body).toEqual({ secret: expect.stringMatching(/^whsec_/), previousSecretExpiresAt: null });
    expect((await fresh.client.getWebhookEndpoint()).body).toMatchObject({ url: null, secretSet: true });
    // Setting the endpoint afterwards keeps that secret: none is issued twice.
    expect(((await fresh.client.setWebhookEndpoint({ url: receiver.url })).body as WebhookEndpointSet).secret).toBeNull();
  });

  it('refuses overlapSeconds outside 0 to 604800 and anything not a whole number, changing nothing', async () => {
    const merchant = await merchantWithEndpoint(receiver.url);
    const before = await merchantRow(merchant.merchantId);
    for (const body of [{ overlapSeconds: 604_801 }, { overlapSeconds: -1 }, { overlapSeconds: 1.5 }, { overlapSeconds: '3600' }, { overlapSeconds: null }, { overlap: 60 }]) {
      const response = await merchant.client.request('POST', '/api/v1/webhooks/endpoint/rotate-secret', { body });
      expect(errorOf(response), JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
    }
    const noBody = await merchant.client.request('POST', '/api/v1/webhooks/endpoint/rotate-secret');
    expect(noBody.status).toBe(415);
    expect(await merchantRow(merchant.merchantId)).toEqual(before);

    const longest = (await merchant.client.rotateWebhookSecret({ overlapSeconds: 604_800 })).body as WebhookSecretRotated;
    expect(Date.parse(longest.previousSecretExpiresAt!) - Date.now()).toBeGreaterThan(604_800_000 - 60_000);
  });

  it('two rotations at once run one after the other: both answers were current in turn, and the two sign together', async () => {
    const merchant = await merchantWithEndpoint(receiver.url);
    const answers = await Promise.all([1, 2, 3, 4].map(() => merchant.client.rotateWebhookSecret({ overlapSeconds: 3600 })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const secrets = answers.map((answer) => (answer.body as WebhookSecretRotated).secret);
    expect(new Set(secrets).size).toBe(4);
    // Serialised, each rotation moved the one before it to "previous": the last two issued sign now,
    // and the original secret (what every rotation would have kept, had they overlapped) does not.
    const signing = signingSecrets(await merchantRow(merchant.merchantId), new Date());
    expect(signing).toHaveLength(2);
    expect(secrets).toEqual(expect.arrayContaining(signing));
    expect(signing).not.toContain(merchant.secret);
    const rotations = (await auditOf(merchant.merchantId)).filter((row) => row.action === 'merchant.webhook.rotate_secret');
    expect(rotations).toHaveLength(4);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two rotations meeting on PostgreSQL', () => {
  /** Sessions of this database waiting for a lock. */
  async function waitingForLocks() {
    const [row] = rowsOf<{ waiting: number }>(
      await database.db.execute(sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`),
    );
    return row!.waiting;
  }

  it('both read the merchant only after the other wrote it: the first answer becomes the previous secret of the second', async () => {
    const merchant = await merchantWithEndpoint(receiver.url);
    // Another transaction holds the merchant row, so both rotations are in flight at once when it lets go.
    const { fired: released, fire: release } = signal();
    const { fired: held, fire: holding } = signal();
    const blocker = database.db.transaction(async (tx) => {
      await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchant.merchantId)).for('update');
      holding();
      await released;
    });
    await held;
    const rotations = [1, 2].map(() => merchant.client.rotateWebhookSecret({ overlapSeconds: 3600 }));
    for (let i = 0; i < 250 && (await waitingForLocks()) < 2; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await waitingForLocks()).toBe(2);
    release();
    await blocker;
    const secrets = (await Promise.all(rotations)).map((answer) => (answer.body as WebhookSecretRotated).secret);
    const signing = signingSecrets(await merchantRow(merchant.merchantId), new Date());
    // Had both read the row before either wrote it, both would have kept the original as previous.
    expect([[...signing].sort(), signing.includes(merchant.secret)]).toEqual([[...secrets].sort(), false]);
  });

  it('a clear and a resend at once: either the resend is refused, or its delivery is stopped by the clear; nothing is left to send', async () => {
    const merchant = await merchantWithEndpoint('https://race.shop.example/hooks');
    const { deliveryId } = (await merchant.client.sendWebhookTest()).body as { deliveryId: string };
    const { fired: released, fire: release } = signal();
    const { fired: held, fire: holding } = signal();
    const blocker = database.db.transaction(async (tx) => {
      await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchant.merchantId)).for('update');
      holding();
      await released;
    });
    await held;
    const actions = [merchant.client.resendWebhookDelivery(deliveryId), merchant.client.clearWebhookEndpoint()];
    for (let i = 0; i < 250 && (await waitingForLocks()) < 2; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    // Both wait for the merchant row: the resend reads the endpoint only once the clear has written it, or before it starts.
    expect(await waitingForLocks()).toBe(2);
    release();
    await blocker;
    const [resend, clear] = await Promise.all(actions);
    expect(clear!.status).toBe(200);
    expect([202, 400]).toContain(resend!.status);
    const left = await database.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.merchantId, merchant.merchantId), eq(webhookDeliveries.status, 'pending')));
    expect(left).toEqual([]);
  });
});

describe('GET /api/v1/webhooks/deliveries/:deliveryId and the log', () => {
  it('shows one delivery with every attempt: status code, latency, excerpt and error', async () => {
    let calls = 0;
    const flaky = await startReceiver((_request, _body, response) => {
      calls += 1;
      response.statusCode = calls === 1 ? 503 : 200;
      response.end(calls === 1 ? 'busy, try later' : 'thanks');
    });
    try {
      const merchant = await merchantWithEndpoint(flaky.url);
      const { deliveryId, eventId } = (await merchant.client.sendWebhookTest()).body as { deliveryId: string; eventId: string };
      await drain();
      // The retry is due 5 s later: bring it forward rather than wait.
      await database.db.update(webhookDeliveries).set({ nextAttemptAt: new Date() }).where(eq(webhookDeliveries.id, deliveryId));
      await drain();
      const response = await merchant.client.getWebhookDelivery(deliveryId);
      expect(response.status).toBe(200);
      const delivery = response.body as WebhookDelivery;
      expect(delivery).toMatchObject({ id: deliveryId, eventId, eventType: 'webhook.test', orderId: null, url: flaky.url, status: 'succeeded', attempts: 2, lastStatusCode: 200, lastError: null });
      expect(delivery.attemptLog).toEqual([
        { attempt: 1, at: expect.any(String), statusCode: 503, latencyMs: expect.any(Number), response: 'busy, try later', error: null },
        { attempt: 2, at: expect.any(String), statusCode: 200, latencyMs: expect.any(Number), response: 'thanks', error: null },
      ]);

      const failed = await merchant.client.listWebhookDeliveries({ status: 'succeeded' });
      expect((failed.body as { items: { id: string }[] }).items.map((item) => item.id)).toEqual([deliveryId]);
      expect((await merchant.client.listWebhookDeliveries({ status: 'pending' })).body).toMatchObject({ items: [] });
    } finally {
      await flaky.close();
    }
  });

  it("another merchant's delivery is NOT_FOUND like a missing one; a malformed id or status is VALIDATION_FAILED", async () => {
    const owner = await merchantWithEndpoint(receiver.url);
    const { deliveryId } = (await owner.client.sendWebhookTest()).body as { deliveryId: string };
    const stranger = await merchantWithEndpoint(other.url);
    expect(errorOf(await stranger.client.getWebhookDelivery(deliveryId))).toEqual([404, 'NOT_FOUND']);
    expect(errorOf(await stranger.client.resendWebhookDelivery(deliveryId))).toEqual([404, 'NOT_FOUND']);
    expect(errorOf(await owner.client.getWebhookDelivery(randomUUID()))).toEqual([404, 'NOT_FOUND']);
    expect(errorOf(await owner.client.getWebhookDelivery('not-a-uuid'))).toEqual([400, 'VALIDATION_FAILED']);
    expect(errorOf(await owner.client.listWebhookDeliveries({ status: 'lost' }))).toEqual([400, 'VALIDATION_FAILED']);
    // Nothing the stranger did touched the owner's endpoint or log.
    expect((await owner.client.getWebhookEndpoint()).body).toMatchObject({ url: receiver.url, enabled: true });
    expect(((await owner.client.getWebhookDelivery(deliveryId)).body as WebhookDelivery).status).toBe('pending');
    expect((await stranger.client.listWebhookDeliveries()).body).toMatchObject({ items: [] });
  });

  it('a resend goes to the endpoint as it is now, with the same webhook-id', async () => {
    const merchant = await merchantWithEndpoint(receiver.url);
    const { deliveryId, eventId } = (await merchant.client.sendWebhookTest()).body as { deliveryId: string; eventId: string };
    await drain();
    await merchant.client.setWebhookEndpoint({ url: other.url });
    const resent = (await merchant.client.resendWebhookDelivery(deliveryId)).body as { deliveryId: string; eventId: string };
    expect(resent.eventId).toBe(eventId);
    expect(((await merchant.client.getWebhookDelivery(resent.deliveryId)).body as WebhookDelivery).url).toBe(other.url);
    await drain();
    expect(receivedEvent(receiver.received, eventId)).toHaveLength(1);
    const [moved] = receivedEvent(other.received, eventId);
    expect(moved && verifies(merchant.secret, moved)).toBe(true);
  });
});

describe('audit and scopes', () => {
  it('every change is audited with the API key as actor, and no audit entry holds a secret', async () => {
    const merchant = await merchantWithEndpoint('https://audited.example/hooks');
    const { deliveryId } = (await merchant.client.sendWebhookTest()).body as { deliveryId: string };
    await merchant.client.resendWebhookDelivery(deliveryId);
    const { secret } = (await merchant.client.rotateWebhookSecret({ overlapSeconds: 60 })).body as WebhookSecretRotated;
    await merchant.client.clearWebhookEndpoint();
    await merchant.client.getWebhookEndpoint();

    const entries = await auditOf(merchant.merchantId);
    expect(entries.map((entry) => entry.action)).toEqual([
      'merchant.webhook.set',
      'merchant.webhook.test',
      'merchant.webhook.resend',
      'merchant.webhook.rotate_secret',
      'merchant.webhook.clear',
    ]);
    expect(entries.every((entry) => entry.actorType === 'merchant' && entry.actorId === merchant.apiKey)).toBe(true);
    expect(entries[0]!.details).toMatchObject({ url: 'https://audited.example/hooks', secretIssued: true });
    expect(entries[2]!.details).toMatchObject({ resentFrom: deliveryId });
    expect(entries[3]!.details).toMatchObject({ overlapSeconds: 60 });
    expect(entries[4]!.details).toMatchObject({ previousUrl: 'https://audited.example/hooks', stoppedDeliveries: 2 });
    const text = JSON.stringify(entries);
    expect(text).not.toContain(merchant.secret.slice(6));
    expect(text).not.toContain(secret.slice(6));
  });

  it('every webhook route declares the webhooks:manage scope and answers merchant keys only', () => {
    const webhookRoutes = routes.filter((route) => route.path.startsWith('webhooks/'));
    expect(webhookRoutes.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
      'GET webhooks/deliveries',
      'GET webhooks/deliveries/:deliveryId',
      'GET webhooks/endpoint',
      'POST webhooks/deliveries/:deliveryId/resend',
      'POST webhooks/endpoint',
      'POST webhooks/endpoint/clear',
      'POST webhooks/endpoint/rotate-secret',
      'POST webhooks/test',
    ]);
    for (const route of webhookRoutes) expect([route.operationId, route.auth, route.scopes]).toEqual([route.operationId, 'merchant', ['webhooks:manage']]);
  });
});
