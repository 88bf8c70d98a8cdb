import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayinCreated, PayoutCreated } from '../../clients/node/corridor-client';
import { merchants, webhookAttempts, webhookDeliveries } from '../../db/schema';
import { apiDatabase, apiMerchant, payinTrader, payoutBody, payoutTrader } from '../../tests/api/api-harness';
import type { TestDatabase } from '../../tests/db/test-database';
import { tinyPng } from '../../tests/fixtures/images';
import { startReceiver } from '../../tests/webhooks/receiver';
import { cliActor } from '../audit';
import { submitBuyerPayment } from '../checkout/checkout';
import { releasePayin } from '../payins/release-payin';
import { acceptPayout } from '../payouts/accept-payout';
import { submitPayoutProof } from '../payouts/submit-payout-proof';
import { claimDeliveries } from './claim-deliveries';
import { deliverWebhook } from './deliver-webhook';
import { startDeliveryWorker } from './delivery-worker';
import { setWebhookEndpoint } from './set-webhook-endpoint';
import { rotateWebhookSecret } from './rotate-webhook-secret';
import { resendDelivery } from './resend-delivery';
import { sendTestEvent } from './send-test-event';
import { listDeliveries } from './webhook-log';

let database: TestDatabase;

beforeAll(async () => {
  database = await apiDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Runs one worker until nothing is due, the way the server's loop would. */
async function drain(options: { allowPrivate?: boolean; schedule?: number[]; timeoutMs?: number } = {}) {
  for (let round = 0; round < 50; round += 1) {
    const batch = await claimDeliveries(database.db, { workerId: 'test-worker', now: new Date(), limit: 50, leaseMs: 30_000 });
    if (batch.length === 0) {
      const [pending] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending')).limit(1);
      if (!pending) return;
      await new Promise((resolve) => setTimeout(resolve, 15));
      continue;
    }
    await Promise.all(batch.map((delivery) => deliverWebhook(database.db, delivery, { workerId: 'test-worker', allowPrivate: options.allowPrivate ?? true, schedule: options.schedule, timeoutMs: options.timeoutMs })));
  }
}

async function merchantWithEndpoint(url: string) {
  const merchant = await apiMerchant(database.db, '10000.00', { feeBps: 30 });
  const { secret } = await setWebhookEndpoint(database.db, { merchantId: merchant.merchantId, url, actor: cliActor });
  return { ...merchant, secret: secret! };
}

describe('webhook delivery', () => {
  it('every event of a whole payout and a whole pay-in arrives, verified by the standardwebhooks package', async () => {
    const receiver = await startReceiver();
    try {
      const merchant = await merchantWithEndpoint(receiver.url);
      expect(merchant.secret).toMatch(/^whsec_/);
      const payoutTraderId = (await payoutTrader(database.db)).traderId;
      const payinTraderId = (await payinTrader(database.db, '7.2000', '1000.00')).traderId;

      const payout = (await merchant.client.createPayout(payoutBody({ recipient: { holderName: 'Li', bankAccount: '6222020200112233445', bankName: 'BOC' } }) as never, 'wh-1')).body as PayoutCreated;
      await acceptPayout(database.db, { traderId: payoutTraderId, orderId: payout.orderId });
      await submitPayoutProof(database.db, { traderId: payoutTraderId, orderId: payout.orderId, files: [await tinyPng()] });
      await merchant.client.decidePayout(payout.orderNo, { decision: 'CONFIRM' });

      const payin = (await merchant.client.createPayin({ merchantOrderNo: 'wh-payin', assetAmount: '10' })).body as PayinCreated;
      await submitBuyerPayment(database.db, { token: payin.payUrl.split('/pay/')[1]! });
      await releasePayin(database.db, { traderId: payinTraderId, orderId: payin.orderId });

      await drain();
      const verifier = new Webhook(merchant.secret.replace(/^whsec_/, ''));
      const events = receiver.received.map((request) => verifier.verify(request.body, request.headers) as { id: string; type: string; createdAt: string; data: Record<string, unknown> });
      expect(events.map((event) => event.type)).toEqual(
        expect.arrayContaining(['payout.accepted', 'payout.proof_submitted', 'payout.completed', 'order.payment_submitted', 'order.completed']),
      );
      expect(events).toHaveLength(5);
      const completed = events.find((event) => event.type === 'payout.completed')!;
      expect(completed.id).toMatch(/^evt_[0-9a-f]{32}$/);
      expect(completed.createdAt).toMatch(/\.\d{3}Z$/);
      expect(completed.data).toMatchObject({ orderNo: payout.orderNo, status: 'COMPLETED', bankAccountLast4: '3445' });
      expect(events.find((event) => event.type === 'order.completed')!.data).toMatchObject({ orderNo: payin.orderNo, status: 'COMPLETED' });
      expect(receiver.received.map((r) => r.body).join()).not.toContain('6222020200112233445');
      // A tampered body does not verify.
      expect(() => verifier.verify(receiver.received[0]!.body.replace('"', ' "'), receiver.received[0]!.headers)).toThrow();
    } finally {
      await receiver.close();
    }
  });

  it('a receiver that fails 3 times then succeeds gets the event on exactly the 4th attempt, every attempt logged', async () => {
    let calls = 0;
    const receiver = await startReceiver((_req, _body, res) => {
      calls += 1;
      res.statusCode = calls <= 3 ? 503 : 200;
      res.end(calls <= 3 ? `busy ${calls}` : 'thanks');
    });
    try {
      const merchant = await merchantWithEndpoint(receiver.url);
      const { deliveryId } = await sendTestEvent({ db: database.db, merchantId: merchant.merchantId, actor: cliActor });
      await drain({ schedule: [10, 10, 10, 10, 10, 10, 10] });
      const [delivery] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
      expect(delivery).toMatchObject({ status: 'succeeded', attempts: 4, lastStatusCode: 200 });
      const attempts = await database.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(webhookAttempts.id);
      expect(attempts.map((a) => [a.attemptNo, a.statusCode, a.responseExcerpt])).toEqual([
        [1, 503, 'busy 1'],
        [2, 503, 'busy 2'],
        [3, 503, 'busy 3'],
        [4, 200, 'thanks'],
      ]);
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
      const log = await listDeliveries(database.db, merchant.merchantId, { page: 1, pageSize: 10 });
      expect(log.items[0]).toMatchObject({ eventType: 'webhook.test', status: 'succeeded', attempts: 4 });
      expect(log.items[0]!.attemptLog).toHaveLength(4);
    } finally {
      await receiver.close();
    }
  });

  it('a failed attempt marks the merchant failing since then; the next delivered one clears it', async () => {
    let calls = 0;
    const receiver = await startReceiver((_req, _body, res) => {
      calls += 1;
      res.statusCode = calls === 1 ? 500 : 200;
      res.end();
    });
    try {
      const merchant = await merchantWithEndpoint(receiver.url);
      await sendTestEvent({ db: database.db, merchantId: merchant.merchantId, actor: cliActor });
      const failingSince = async () =>
        (await database.db.select({ at: merchants.webhookFailingSince }).from(merchants).where(eq(merchants.id, merchant.merchantId)))[0]!.at;
      const attempt = async () => {
        for (let wait = 0; wait < 100; wait += 1) {
          const [delivery] = await claimDeliveries(database.db, { workerId: 'test-worker', now: new Date(), limit: 1, leaseMs: 30_000 });
          if (delivery) return deliverWebhook(database.db, delivery, { workerId: 'test-worker', allowPrivate: true, schedule: [10] });
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        throw new Error('nothing came due');
      };
      expect(await attempt()).toBe('retry');
      expect(await failingSince()).toBeInstanceOf(Date);
      expect(await attempt()).toBe('succeeded');
      expect(await failingSince()).toBeNull();
    } finally {
      await receiver.close();
    }
  });

  it('after the last retry a delivery is failed, and can be sent again', async () => {
    const receiver = await startReceiver((_req, _body, res) => {
      res.statusCode = 500;
      res.end();
    });
    try {
      const merchant = await merchantWithEndpoint(receiver.url);
      const { deliveryId } = await sendTestEvent({ db: database.db, merchantId: merchant.merchantId, actor: cliActor });
      await drain({ schedule: [5, 5] });
      const [delivery] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
      expect(delivery).toMatchObject({ status: 'failed', attempts: 3 });
      const again = await resendDelivery({ db: database.db, merchantId: merchant.merchantId, deliveryId: deliveryId, actor: cliActor });
      expect(again.eventId).toBe(delivery!.eventId);
      const [fresh] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, again.deliveryId));
      expect(fresh?.status).toBe('pending');
    } finally {
      await receiver.close();
    }
  });

  it('the SSRF guard refuses loopback and private destinations when they are not allowed', async () => {
    const receiver = await startReceiver();
    try {
      for (const url of [receiver.url, `http://localhost:${receiver.port}/hooks`, 'http://10.1.2.3/hooks', 'http://[::1]/hooks']) {
        const merchant = await merchantWithEndpoint(url);
        const { deliveryId } = await sendTestEvent({ db: database.db, merchantId: merchant.merchantId, actor: cliActor });
        await drain({ allowPrivate: false, schedule: [] });
        const [delivery] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
        expect(delivery?.status).toBe('failed');
        expect(delivery?.lastError).toMatch(/^(destination not allowed|could not connect)$/);
      }
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });

  it('of a long or hostile reply only its status and 256 clean bytes are kept and shown', async () => {
    const receiver = await startReceiver((_req, _body, res) => {
      res.statusCode = 500;
      res.end(`\u001b[2J${'stack trace line\r\n'.repeat(500)}`);
    });
    try {
      const merchant = await merchantWithEndpoint(receiver.url);
      const { eventId, deliveryId } = await sendTestEvent({ db: database.db, merchantId: merchant.merchantId, actor: cliActor });
      await drain({ schedule: [] });
      const [attempt] = await database.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId));
      expect(attempt?.statusCode).toBe(500);
      expect(Buffer.byteLength(attempt!.responseExcerpt!)).toBeLessThanOrEqual(256);
      expect(attempt!.responseExcerpt).toMatch(/^\[2Jstack trace line  stack/);
      expect(attempt!.responseExcerpt).not.toMatch(/\p{Cc}/u);
      const log = await listDeliveries(database.db, merchant.merchantId, { eventId, page: 1, pageSize: 10 });
      expect(log.items[0]!.attemptLog[0]!.response).toBe(attempt!.responseExcerpt);
    } finally {
      await receiver.close();
    }
  });

  it('redirects are not followed', async () => {
    const target = await startReceiver();
    const redirecting = await startReceiver((_req, _body, res) => {
      res.statusCode = 302;
      res.setHeader('location', target.url);
      res.end();
    });
    try {
      const merchant = await merchantWithEndpoint(redirecting.url);
      const { deliveryId } = await sendTestEvent({ db: database.db, merchantId: merchant.merchantId, actor: cliActor });
      await drain({ schedule: [] });
      const [delivery] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
      expect(delivery).toMatchObject({ status: 'failed', lastStatusCode: 302 });
      expect(delivery?.lastError).toMatch(/not followed/);
      expect(target.received).toHaveLength(0);
    } finally {
      await redirecting.close();
      await target.close();
    }
  });

  it('a receiver that does not answer in time is a failed attempt', async () => {
    const receiver = await startReceiver(() => {
      // never answers
    });
    try {
      const merchant = await merchantWithEndpoint(receiver.url);
      const { deliveryId } = await sendTestEvent({ db: database.db, merchantId: merchant.merchantId, actor: cliActor });
      await drain({ schedule: [], timeoutMs: 300 });
      const [delivery] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
      expect(delivery?.status).toBe('failed');
      expect(delivery?.lastError).toMatch(/timed out after 300 ms/);
    } finally {
      await receiver.close();
    }
  });

  it('during a secret rotation both secrets sign, and either verifies', async () => {
    const receiver = await startReceiver();
    try {
      const merchant = await merchantWithEndpoint(receiver.url);
      const { secret: newSecret } = await rotateWebhookSecret({ db: database.db, merchantId: merchant.merchantId, actor: cliActor });
      await sendTestEvent({ db: database.db, merchantId: merchant.merchantId, actor: cliActor });
      await drain();
      const request = receiver.received[0]!;
      expect(request.headers['webhook-signature']!.split(' ')).toHaveLength(2);
      for (const secret of [merchant.secret, newSecret]) {
        expect(() => new Webhook(secret.replace(/^whsec_/, '')).verify(request.body, request.headers)).not.toThrow();
      }
    } finally {
      await receiver.close();
    }
  });

  it('an endpoint failing for 5 days is disabled; new events then make no deliveries', async () => {
    const receiver = await startReceiver((_req, _body, res) => {
      res.statusCode = 500;
      res.end();
    });
    try {
      const merchant = await merchantWithEndpoint(receiver.url);
      await database.db.update(merchants).set({ webhookFailingSince: new Date(Date.now() - 5 * 86_400_000 - 1000) }).where(eq(merchants.id, merchant.merchantId));
      await sendTestEvent({ db: database.db, merchantId: merchant.merchantId, actor: cliActor });
      await drain({ schedule: [] });
      const [row] = await database.db.select().from(merchants).where(eq(merchants.id, merchant.merchantId));
      expect(row?.webhookDisabledAt).not.toBeNull();
      await expect(sendTestEvent({ db: database.db, merchantId: merchant.merchantId, actor: cliActor })).rejects.toThrow(/webhook endpoint/);
    } finally {
      await receiver.close();
    }
  });

  it('the in-process worker loop delivers and stops cleanly', async () => {
    const receiver = await startReceiver();
    try {
      const merchant = await merchantWithEndpoint(receiver.url);
      const worker = startDeliveryWorker(database.db, { allowPrivate: true, leaseMs: 30_000, idleMs: 20 });
      await sendTestEvent({ db: database.db, merchantId: merchant.merchantId, actor: cliActor });
      for (let i = 0; i < 100 && receiver.received.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      await worker.stop();
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});
