import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlChanges, payinOrders, payoutOrders } from '../../db/schema';
import { FOUR_EYES_THRESHOLD_KEY } from '../../server/disputes/four-eyes-threshold';
import { apiDatabase, apiMerchant, payinTrader, payoutBody, payoutTrader, type TestMerchant } from '../api/api-harness';
import type { TestDatabase } from '../db/test-database';
import { disputedPayout } from '../fixtures/disputes';
import { insertPayin } from '../fixtures/orders';
import { traderWithBalance } from '../fixtures/parties';
import { refusalCode } from '../trpc/refusal-code';
import { signedInOperator } from '../trpc/trpc-harness';
import { pageRefusal, restRefusal } from './refusals';

/**
 * The attack: spell an amount with leading zeros ("00001.00") where one parser accepts it and
 * another refuses it, so that one amount has two spellings: an idempotency fingerprint or a
 * signature that does not match its retry, a threshold or filter that reads differently from the
 * amount it is compared with. The rule that now holds: every amount a request or a page carries is
 * checked by the one amount rule (server/money/amount-strings.ts, docs/amounts.md): leading zeros
 * are refused like any other non-canonical spelling, by field, and nothing changes.
 */
let database: TestDatabase;
let merchant: TestMerchant;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db, '10000.00');
  await payoutTrader(database.db);
  await payinTrader(database.db);
});
afterAll(async () => {
  await database.close();
});

/** A page's refusal with the fields named, from the schema's issues or the domain's details. */

describe('the merchant API refuses leading zeros in every amount', () => {
  it.each([
    ['payout fiatAmount', () => merchant.client.createPayout(payoutBody({ fiatAmount: '00001.00' }) as never, 'zeros-1'), 'fiatAmount'],
    ['payout usdAmount', () => merchant.client.createPayout(payoutBody({ fiatAmount: undefined, usdAmount: '0010.00' }) as never, 'zeros-2'), 'usdAmount'],
    ['pay-in assetAmount', () => merchant.client.createPayin({ merchantOrderNo: 'zeros-3', assetAmount: '00001' }), 'assetAmount'],
    ['pay-in fiatAmount', () => merchant.client.createPayin({ merchantOrderNo: 'zeros-4', fiatAmount: '00100.00' }), 'fiatAmount'],
  ])('%s', async (_name, call, path) => {
    const before = [await database.db.$count(payoutOrders), await database.db.$count(payinOrders)];
    expect(restRefusal(await call())).toEqual([400, 'VALIDATION_FAILED', [path]]);
    expect([await database.db.$count(payoutOrders), await database.db.$count(payinOrders)]).toEqual(before);
  });
});

describe("the operator's amounts refuse leading zeros too", () => {
  it('a proposed four-eyes threshold: VALIDATION_FAILED naming the amount, no change proposed', async () => {
    const operator = await signedInOperator(database.db);
    const propose = (amount: string) => operator.caller.operator.controls.propose({ control: FOUR_EYES_THRESHOLD_KEY, value: { amount }, reason: 'Quarterly review' });
    expect(await pageRefusal(propose('00001.00'))).toEqual(['VALIDATION_FAILED', ['value.amount']]);
    expect(await database.db.$count(controlChanges)).toBe(0);
    // Zero is a threshold (every ruling needs four eyes), spelt once.
    expect(await propose('0.00')).toMatchObject({ status: 'pending', to: '0.00' });
  });

  it("the disputes queue's amount filters and a saved view of them", async () => {
    const operator = await signedInOperator(database.db);
    expect(await pageRefusal(operator.caller.operator.disputes.list({ minAmount: '00500' }))).toEqual(['VALIDATION_FAILED', ['minAmount']]);
    expect(await pageRefusal(operator.caller.operator.disputes.list({ maxAmount: '0071.50' }))).toEqual(['VALIDATION_FAILED', ['maxAmount']]);
    expect(await pageRefusal(operator.caller.operator.queueViews.save({ name: 'Big ones', filters: { minAmount: '05000' } }))).toEqual(['VALIDATION_FAILED', ['filters.minAmount']]);
    expect(await operator.caller.operator.queueViews.list({})).toEqual([]);
    expect(await refusalCode(operator.caller.operator.disputes.list({ minAmount: '500', maxAmount: '71.50' }))).toBe('RESOLVED');
  });

  it('a split ruling and its preview: SPLIT_AMOUNT_INVALID naming splitAmount, nothing moves', async () => {
    const operator = await signedInOperator(database.db);
    const trader = await traderWithBalance(database.db, '100');
    const payout = await disputedPayout(database.db, merchant.merchantId, trader.traderId);
    const payin = await insertPayin(database.db, merchant.merchantId, null);
    expect(await pageRefusal(operator.caller.operator.disputes.previewSplit({ flow: 'payout', orderId: payout.id, amount: '00001.00' }))).toEqual(['SPLIT_AMOUNT_INVALID', ['splitAmount']]);
    expect(await pageRefusal(operator.caller.operator.disputes.previewSplit({ flow: 'payin', orderId: payin.id, amount: '0001.5' }))).toEqual(['SPLIT_AMOUNT_INVALID', ['splitAmount']]);
    const ref = { flow: 'payout' as const, orderId: payout.id };
    await operator.caller.operator.disputes.claim(ref);
    expect(await pageRefusal(operator.caller.operator.disputes.rule({ ...ref, ruling: 'split', reasonCode: 'other', splitAmount: '00001.00', note: 'Split.' }))).toEqual([
      'SPLIT_AMOUNT_INVALID',
      ['splitAmount'],
    ]);
    const [row] = await database.db.select().from(payoutOrders).where(eq(payoutOrders.id, payout.id));
    expect(row?.status).toBe('DISPUTED');
  });
});
