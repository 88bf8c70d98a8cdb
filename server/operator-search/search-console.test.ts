import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { disputedPayin } from '../../tests/fixtures/disputes';
import { insertPayout } from '../../tests/fixtures/orders';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { refusalCode } from '../../tests/trpc/refusal-code';
import { callerAs, signedInOperator, traderSession } from '../../tests/trpc/trpc-harness';
import { newOrderNo } from '../payouts/order-numbers';
import { findOrderByNumber } from './find-order-by-number';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function world() {
  const db = database.db;
  const merchant = await merchantWithBalance(db, '1000.000000');
  const trader = await traderWithBalance(db, '500.000000');
  const operator = await signedInOperator(db);
  const inserted = await insertPayout(db, merchant.merchantId);
  // An order number of the product's own shape (the fixture's carries lower-case hex).
  const payout = { ...inserted, orderNo: newOrderNo('WD', new Date()) };
  await db.execute(sql`update payout_orders set order_no = ${payout.orderNo} where id = ${payout.id}`);
  const payin = await disputedPayin(db, merchant.merchantId, trader.traderId);
  return { db, merchant, trader, operator, payout, payin };
}

describe('the console search', () => {
  it('finds a payout by its order number in any case, linking to its case page', async () => {
    const { operator, payout } = await world();
    const { results } = await operator.caller.operator.search({ query: ` ${payout.orderNo.toLowerCase()} ` });
    expect(results).toEqual([
      expect.objectContaining({ kind: 'order', flow: 'payout', orderId: payout.id, orderNo: payout.orderNo, matched: 'orderNo', href: `/operator/disputes/payout/${payout.id}` }),
    ]);
  });

  it('finds a pay-in by its id and by its merchant order number', async () => {
    const { operator, payin } = await world();
    const byId = await operator.caller.operator.search({ query: payin.id.toUpperCase() });
    expect(byId.results.map((r) => r.kind === 'order' && [r.flow, r.orderId, r.matched])).toEqual([['payin', payin.id, 'orderId']]);
    const byMerchantNo = await operator.caller.operator.search({ query: payin.merchantOrderNo });
    expect(byMerchantNo.results.map((r) => r.kind === 'order' && [r.flow, r.orderId, r.matched])).toEqual([['payin', payin.id, 'merchantOrderNo']]);
  });

  it('finds payouts by card last 4 and amount, either way round, without touching the ciphertext', async () => {
    const { db, operator, payout, merchant } = await world();
    // A unique amount, so other tests' payouts (all 71.50) do not match.
    await db.execute(sql`update payout_orders set locked_fiat_amount = 9183.25, recipient_account_last4 = '4321' where id = ${payout.id}`);
    const other = await insertPayout(db, merchant.merchantId);
    for (const query of ['4321 9183.25', '9183.25 4321', '4321 / 9183.25']) {
      const { results } = await operator.caller.operator.search({ query });
      expect(results.map((r) => r.kind === 'order' && [r.orderId, r.matched, r.fiatAmount])).toEqual([[payout.id, 'last4Amount', '9183.25']]);
    }
    const wrongAmount = await operator.caller.operator.search({ query: '4321 9183.26' });
    expect(wrongAmount.results).toEqual([]);
    expect(other.id).not.toBe(payout.id);
  });

  it('finds merchants and traders by name, with wildcards taken literally', async () => {
    const { operator, merchant, trader } = await world();
    const [merchantRow] = rowsOf<{ name: string }>(await database.db.execute(sql`select name from merchants where id = ${merchant.merchantId}`));
    const byMerchant = await operator.caller.operator.search({ query: merchantRow!.name.toUpperCase() });
    expect(byMerchant.results).toContainEqual({ kind: 'merchant', id: merchant.merchantId, name: merchantRow!.name, href: `/operator/merchants#merchant-${merchant.merchantId}` });
    const [traderRow] = rowsOf<{ name: string }>(await database.db.execute(sql`select name from traders where id = ${trader.traderId}`));
    const byTrader = await operator.caller.operator.search({ query: traderRow!.name.split(' ')[1]! });
    expect(byTrader.results).toContainEqual(expect.objectContaining({ kind: 'trader', id: trader.traderId }));
    expect((await operator.caller.operator.search({ query: '%' })).results).toEqual([]);
  });

  it('refuses an empty or oversized query and answers nothing to a trader', async () => {
    const { db, operator } = await world();
    expect(await refusalCode(operator.caller.operator.search({ query: '   ' }))).toBe('BAD_REQUEST');
    expect(await refusalCode(operator.caller.operator.search({ query: 'x'.repeat(101) }))).toBe('BAD_REQUEST');
    const trader = await traderWithBalance(db, '0');
    expect(await refusalCode(callerAs(db, traderSession(trader)).operator.search({ query: 'WD' }))).toBe('FORBIDDEN');
  });

  it('resolves an order number for the direct link, and nothing for an unknown one', async () => {
    const { db, payout, payin } = await world();
    expect(await findOrderByNumber(db, { orderNo: payout.orderNo.toLowerCase() })).toEqual({ flow: 'payout', orderId: payout.id });
    expect(await findOrderByNumber(db, { orderNo: payin.orderNo })).toEqual({ flow: 'payin', orderId: payin.id });
    expect(await findOrderByNumber(db, { orderNo: 'WD000' })).toBeNull();
    expect(await findOrderByNumber(db, { orderNo: "WD' or 1=1" })).toBeNull();
  });

  it('uses an index for each order lookup', async () => {
    const { db } = await world();
    // The planner prefers a scan on tiny tables; forbid it to see which index serves the query.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      for (const [query, index] of [
        [sql`select id from payout_orders where order_no = 'WDX'`, 'payout_orders_order_no_key'],
        [sql`select id from payin_orders where order_no = 'ORDX'`, 'payin_orders_order_no_key'],
        [sql`select id from payout_orders where merchant_order_no = 'm-1'`, 'payout_orders_merchant_order_no_idx'],
        [sql`select id from payin_orders where merchant_order_no = 'm-1'`, 'payin_orders_merchant_order_no_idx'],
        [sql`select id from payout_orders where recipient_account_last4 = '1234' and locked_fiat_amount = 71.50`, 'payout_orders_last4_amount_idx'],
      ] as const) {
        const plan = rowsOf<Record<string, string>>(await tx.execute(sql`explain ${query}`)).map((row) => Object.values(row)[0]).join('\n');
        expect(plan).toContain(index);
      }
    });
  });
});
