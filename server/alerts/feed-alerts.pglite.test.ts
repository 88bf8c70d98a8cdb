import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { alertDeliveries, alertQueue } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { insertPayin } from '../../tests/fixtures/orders';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { applyPayinTransition } from '../payins/apply-payin-transition';
import { payinDetailView } from '../payins/payin-view';
import { feedAlerts } from './feed-alerts';
import { createTelegramLinkCode, linkTelegramChat } from './telegram/link-codes';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ kind: 'pglite' });
});
afterAll(async () => {
  await database.close();
});

it('on the embedded database too, an event is queued with its write and fed into one alert', async () => {
  const merchant = await merchantWithBalance(database.db, '0');
  const trader = await traderWithBalance(database.db, '100.00');
  const { code } = await createTelegramLinkCode(database.db, trader.userId, new Date());
  expect(await linkTelegramChat(database.db, { code, chatId: '42', now: new Date() })).toBe(trader.userId);
  const order = await insertPayin(database.db, merchant.merchantId, trader.traderId);
  await database.db.transaction((tx) =>
    applyPayinTransition(tx, { orderId: order.id, action: 'submit_payment', actor: { type: 'buyer' }, set: (_row, now) => ({ paymentSubmittedAt: now }), eventData: payinDetailView }),
  );
  expect((await database.db.select().from(alertQueue)).length).toBeGreaterThan(0);
  await feedAlerts(database.db);
  expect(await database.db.select().from(alertQueue)).toEqual([]);
  const rows = await database.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, trader.userId));
  expect(rows.map((row) => [row.kind, row.channel, row.params.orderNo])).toEqual([['payin_to_confirm', 'telegram', order.orderNo]]);
});
