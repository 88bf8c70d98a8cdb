import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayinCreated } from '../../clients/node/corridor-client';
import { alertDeliveries, pushSubscriptions } from '../../db/schema';
import { startPushServiceStandIn } from '../../tests/alerts/push-service-stand-in';
import { apiDatabase, apiMerchant, payinTrader } from '../../tests/api/api-harness';
import type { TestDatabase } from '../../tests/db/test-database';
import { submitBuyerPayment } from '../checkout/checkout';
import { keyring } from '../config/keyring';
import { DomainError } from '../errors';
import { setTraderOnline } from '../traders/set-online';
import { AlertSendError } from './alert-sender';
import { deliverDueAlerts } from './deliver-alerts';
import { feedAlerts } from './feed-alerts';
import { pushSender } from './push/push-sender';
import { subscribePush } from './push/push-subscriptions';
import { vapidKeysOf } from './push/vapid-keys';

const PAYER = 'Zhang Wei';
let database: TestDatabase;

beforeAll(async () => {
  database = await apiDatabase();
});
afterAll(async () => {
  await database.close();
});

async function paidPayin(reference: string) {
  const merchant = await apiMerchant(database.db);
  const trader = await payinTrader(database.db);
  const payin = (await merchant.client.createPayin({ merchantOrderNo: reference, assetAmount: '10' })).body as PayinCreated;
  await submitBuyerPayment(database.db, { token: payin.payUrl.split('/pay/')[1]!, now: new Date(), payerName: PAYER });
  return { trader, payin };
}

describe('web push alerts', () => {
  it('a push endpoint whose name resolves to a private address is refused at connect time, before any connection', async () => {
    // The endpoint was public when stored; its name now resolves to this machine (DNS rebinding).
    let connections = 0;
    const server = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as net.AddressInfo;
      const send = pushSender(vapidKeysOf(keyring()), 'mailto:ops@corridor.test', { allowPrivate: false });
      const service = await startPushServiceStandIn();
      const keys = service.subscription.keys;
      await service.close();
      await expect(send({ endpoint: `https://localhost:${port}/push/x`, ...keys }, 'hello')).rejects.toThrow(AlertSendError);
      expect(connections).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a subscribed browser gets the alert: VAPID-signed with the keyring key, aes128gcm, decrypted and read', async () => {
    const service = await startPushServiceStandIn();
    try {
      const trader = await payinTrader(database.db);
      await subscribePush(database.db, { userId: trader.userId, ...service.subscription, options: { allowPrivate: true } });
      const merchant = await apiMerchant(database.db);
      const payin = (await merchant.client.createPayin({ merchantOrderNo: 'push-1', assetAmount: '10' })).body as PayinCreated;
      await submitBuyerPayment(database.db, { token: payin.payUrl.split('/pay/')[1]!, now: new Date(), payerName: PAYER });
      await feedAlerts(database.db);

      const vapid = vapidKeysOf(keyring());
      expect(await deliverDueAlerts(database.db, { workerId: 'test', push: pushSender(vapid, 'mailto:ops@corridor.test', { allowPrivate: true }) })).toBe(1);
      expect(service.problems).toEqual([]);
      expect(service.received).toHaveLength(1);
      const message = JSON.parse(service.received[0]!.payload) as { kind: string; body: string };
      expect(message.kind).toBe('payin_to_confirm');
      expect(message.body).toContain(payin.orderNo);
      expect(message.body).not.toContain(PAYER);
      expect(service.received[0]!.vapid).toMatchObject({ sub: 'mailto:ops@corridor.test', k: vapid.publicKey });
      const [row] = await database.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, trader.userId));
      expect(row).toMatchObject({ channel: 'push', status: 'sent' });
      await setTraderOnline(database.db, { traderId: trader.traderId, online: false });
    } finally {
      await service.close();
    }
  });

  it('a subscription the push service says is gone (410) is forgotten and the alert dropped', async () => {
    const service = await startPushServiceStandIn();
    try {
      const { trader } = await paidPayin('push-gone');
      await subscribePush(database.db, { userId: trader.userId, ...service.subscription, options: { allowPrivate: true } });
      // Subscribed after the first alert was written: the next pay-in's alert is for push.
      const merchant = await apiMerchant(database.db);
      const payin = (await merchant.client.createPayin({ merchantOrderNo: 'push-gone-2', assetAmount: '10' })).body as PayinCreated;
      await submitBuyerPayment(database.db, { token: payin.payUrl.split('/pay/')[1]! });
      await feedAlerts(database.db);
      service.answerWith(410);
      await deliverDueAlerts(database.db, { workerId: 'test', push: pushSender(vapidKeysOf(keyring()), 'mailto:ops@corridor.test', { allowPrivate: true }) });
      expect(await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, trader.userId))).toEqual([]);
      const [row] = await database.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, trader.userId));
      expect(row).toMatchObject({ channel: 'push', status: 'dropped', lastError: 'no subscription' });
      await setTraderOnline(database.db, { traderId: trader.traderId, online: false });
    } finally {
      await service.close();
    }
  });

  it('refuses a plain-HTTP or private push endpoint where private destinations are not allowed', async () => {
    const trader = await payinTrader(database.db);
    await setTraderOnline(database.db, { traderId: trader.traderId, online: false });
    const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
    for (const endpoint of ['http://push.example.com/x', 'https://127.0.0.1/x', 'https://10.0.0.8/x']) {
      await expect(subscribePush(database.db, { userId: trader.userId, endpoint, keys, options: { allowPrivate: false } })).rejects.toSatisfy(
        (error) => error instanceof DomainError && error.code === 'VALIDATION_FAILED',
      );
    }
    expect(await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, trader.userId))).toEqual([]);
  });
});
