import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payinOrders } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { disputedPayin, disputedPayout } from '../../tests/fixtures/disputes';
import { insertPayout } from '../../tests/fixtures/orders';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { signedInOperator } from '../../tests/trpc/trpc-harness';
import { balancesOf } from '../ledger/balances';
import { merchantPayinPage } from '../merchant-console/merchant-payin-page';
import { merchantPayoutPage } from '../merchant-console/merchant-payout-page';
import { Dec } from '../money/decimal';
import { checkoutView } from '../checkout/checkout';
import { checkoutTokenHash } from '../payins/checkout-token';
import { listTraderPayinsForDashboard } from '../payins/list-trader-payins';
import { listTraderPayouts } from '../payouts/list-trader-payouts';

/**
 * After a ruling every party's view says what the ruling did, with the amounts its ledger transfer
 * moved: the merchant's order page and the trader's lists in USDT, the buyer's checkout in CNY only.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function parties() {
  const db = database.db;
  const merchant = await merchantWithBalance(db, '1000.000000');
  const trader = await traderWithBalance(db, '500.000000');
  const operator = await signedInOperator(db);
  return { db, merchant, trader, operator };
}

const gained = (after: string | undefined, before: string | undefined) => new Dec(after ?? '0').minus(before ?? '0').toFixed(6);

describe('a split pay-in', () => {
  it('the merchant page, the trader and the buyer each see what the split did, in exact amounts', async () => {
    const { db, merchant, trader, operator } = await parties();
    const payin = await disputedPayin(db, merchant.merchantId, trader.traderId);
    const token = 'split-ruling-checkout-token-0001';
    await db.update(payinOrders).set({ payTokenHash: checkoutTokenHash(token) }).where(eq(payinOrders.id, payin.id));
    const ref = { flow: 'payin' as const, orderId: payin.id };
    await operator.caller.operator.disputes.claim(ref);

    // Before the ruling nobody sees an outcome.
    expect((await merchantPayinPage(db, { merchantId: merchant.merchantId, reference: payin.orderNo })).ruling).toBeNull();
    expect((await checkoutView(db, token)).ruling).toBeNull();

    const before = { merchant: await balancesOf(db, 'merchant', merchant.merchantId), trader: await balancesOf(db, 'trader', trader.traderId) };
    await operator.caller.operator.disputes.rule({ ...ref, ruling: 'split', reasonCode: 'wrong_amount_paid', splitAmount: '3.333333', note: 'The buyer paid a third.' });
    const after = { merchant: await balancesOf(db, 'merchant', merchant.merchantId), trader: await balancesOf(db, 'trader', trader.traderId) };

    const page = await merchantPayinPage(db, { merchantId: merchant.merchantId, reference: payin.orderNo });
    expect(page.ruling).toEqual({ outcome: 'split', merchantAmount: '3.316666', traderAmount: '6.666667', feeAmount: '0.016667', reasonCode: 'wrong_amount_paid', note: 'The buyer paid a third.' });
    // Exactly what the ledger moved: the merchant's credit and the trader's return.
    expect(page.ruling!.merchantAmount).toBe(gained(after.merchant.available, before.merchant.available));
    expect(page.ruling!.traderAmount).toBe(gained(after.trader.available, before.trader.available));

    const traderView = (await listTraderPayinsForDashboard(db, trader.traderId, { group: 'closed', page: 1, pageSize: 10 })).items.find((item) => item.orderId === payin.id);
    expect(traderView?.ruling).toEqual(page.ruling);

    // The buyer: ¥72.50 for 10 USDT; a share of 3.333333 counts ¥24.17 (72.50 x 0.3333333, half up), no USDT at all.
    const checkout = await checkoutView(db, token);
    expect(checkout.status).toBe('COMPLETED');
    expect(checkout.ruling).toEqual({ outcome: 'split', orderFiatAmount: '72.50', countedFiatAmount: '24.17', notCountedFiatAmount: '48.33' });
    expect(JSON.stringify(checkout.ruling)).not.toMatch(/\d\.\d{6}/);
  });

  it('a pay-in completed or failed by a ruling says so, with what was credited or returned', async () => {
    const { db, merchant, trader, operator } = await parties();
    const completed = await disputedPayin(db, merchant.merchantId, trader.traderId);
    const failed = await disputedPayin(db, merchant.merchantId, trader.traderId);
    for (const [order, ruling] of [
      [completed, 'complete'],
      [failed, 'fail'],
    ] as const) {
      await operator.caller.operator.disputes.claim({ flow: 'payin', orderId: order.id });
      await operator.caller.operator.disputes.rule({ flow: 'payin', orderId: order.id, ruling, reasonCode: 'other', note: 'Looked at the statement.' });
    }
    expect((await merchantPayinPage(db, { merchantId: merchant.merchantId, reference: completed.orderNo })).ruling).toMatchObject({
      outcome: 'completed',
      merchantAmount: '9.950000',
      feeAmount: '0.050000',
      traderAmount: '0.000000',
    });
    expect((await merchantPayinPage(db, { merchantId: merchant.merchantId, reference: failed.orderNo })).ruling).toMatchObject({
      outcome: 'failed',
      merchantAmount: '0.000000',
      traderAmount: '10.000000',
    });
  });
});

describe('a split payout', () => {
  it('the merchant page and the trader see the trader paid, the fee and the merchant refunded, as the ledger moved them', async () => {
    const { db, merchant, trader, operator } = await parties();
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId, { amounts: { usdAmount: '123.45', usdFeeAmount: '0.62' } });
    const ref = { flow: 'payout' as const, orderId: payout.id };
    await operator.caller.operator.disputes.claim(ref);
    const before = { merchant: await balancesOf(db, 'merchant', merchant.merchantId), trader: await balancesOf(db, 'trader', trader.traderId) };
    await operator.caller.operator.disputes.rule({ ...ref, ruling: 'split', reasonCode: 'wrong_amount_paid', splitAmount: '40.00', note: 'The recipient got 40.00 worth.' });
    const after = { merchant: await balancesOf(db, 'merchant', merchant.merchantId), trader: await balancesOf(db, 'trader', trader.traderId) };

    const page = await merchantPayoutPage(db, { merchantId: merchant.merchantId, reference: payout.orderNo });
    expect(page.ruling).toEqual({ outcome: 'split', traderAmount: '40.00', merchantAmount: '83.87', feeAmount: '0.20', reasonCode: 'wrong_amount_paid', note: 'The recipient got 40.00 worth.' });
    expect(new Dec(page.ruling!.merchantAmount).toFixed(6)).toBe(gained(after.merchant.available, before.merchant.available));
    expect(new Dec(page.ruling!.traderAmount).toFixed(6)).toBe(gained(after.trader.available, before.trader.available));

    const traderView = (await listTraderPayouts(db, trader.traderId, { group: 'closed', page: 1, pageSize: 10 })).items.find((item) => item.orderId === payout.id);
    expect(traderView?.ruling).toEqual(page.ruling);
  });

  it('a released or refunded payout names where the USDT went; one never disputed has no outcome', async () => {
    const { db, merchant, trader, operator } = await parties();
    const released = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const refunded = await disputedPayout(db, merchant.merchantId, trader.traderId);
    for (const [order, ruling] of [
      [released, 'release'],
      [refunded, 'refund'],
    ] as const) {
      await operator.caller.operator.disputes.claim({ flow: 'payout', orderId: order.id });
      await operator.caller.operator.disputes.rule({ flow: 'payout', orderId: order.id, ruling, reasonCode: 'other', note: 'Looked at the proof.' });
    }
    expect((await merchantPayoutPage(db, { merchantId: merchant.merchantId, reference: released.orderNo })).ruling).toMatchObject({ outcome: 'released', traderAmount: '10.00', feeAmount: '0.10', merchantAmount: '0.00' });
    expect((await merchantPayoutPage(db, { merchantId: merchant.merchantId, reference: refunded.orderNo })).ruling).toMatchObject({ outcome: 'refunded', traderAmount: '0.00', merchantAmount: '10.10' });
    const untouched = await insertPayout(db, merchant.merchantId);
    expect((await merchantPayoutPage(db, { merchantId: merchant.merchantId, reference: untouched.orderNo })).ruling).toBeNull();
  });
});
