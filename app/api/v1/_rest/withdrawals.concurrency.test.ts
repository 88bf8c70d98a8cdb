import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutOrders } from '../../../../db/schema';
import { accountIds, balanceOf, checkLedgerInvariants } from '../../../../server/ledger';
import { orderCountDrift } from '../../../../server/listing/order-count-drift';
import { apiDatabase, apiMerchant, payoutBody, payoutTrader } from '../../../../tests/api/api-harness';
import type { TestDatabase } from '../../../../tests/db/test-database';

let database: TestDatabase;

beforeAll(async () => {
  database = await apiDatabase();
  await payoutTrader(database.db, '7.0000');
});
afterAll(async () => {
  await database.close();
});

const errorCode = (body: unknown) => (body as { error?: { code: string } }).error?.code;

describe('payout creation under concurrency', () => {
  it('100 parallel payouts of 1.00 against 50.00: exactly 50 created, 50 INSUFFICIENT_BALANCE, invariants hold', async () => {
    const merchant = await apiMerchant(database.db, '50.00');
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        merchant.client.createPayout(payoutBody({ merchantOrderNo: `par-${i}`, fiatAmount: undefined, usdAmount: '1.00' }) as never, `par-${i}`),
      ),
    );
    const created = responses.filter((r) => r.status === 201).length;
    const refused = responses.filter((r) => r.status === 422 && errorCode(r.body) === 'INSUFFICIENT_BALANCE').length;
    expect({ created, refused }).toEqual({ created: 50, refused: 50 });
    expect(await balanceOf(database.db, accountIds.merchantAvailable(merchant.merchantId))).toBe('0.000000');
    expect(await balanceOf(database.db, accountIds.merchantFrozen(merchant.merchantId))).toBe('50.000000');
    const orders = await database.db.select().from(payoutOrders).where(eq(payoutOrders.merchantId, merchant.merchantId));
    expect(orders).toHaveLength(50);
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
    // The list's total, kept by triggers on random counter shards, stays exact under the same race.
    expect(await orderCountDrift(database.db)).toEqual([]);
  });

  it('50 parallel requests with one Idempotency-Key: exactly one order and one freeze', async () => {
    const merchant = await apiMerchant(database.db, '100.00');
    const body = payoutBody({ fiatAmount: undefined, usdAmount: '2.00' });
    const responses = await Promise.all(Array.from({ length: 50 }, () => merchant.client.createPayout(body as never, 'same-key')));
    const statuses = responses.map((r) => (r.status === 201 ? (r.headers.get('idempotent-replayed') ? 'replayed' : 'created') : errorCode(r.body)));
    expect(statuses.filter((s) => s === 'created')).toHaveLength(1);
    // The others either saw the first one in flight or replayed its stored response.
    expect(statuses.every((s) => s === 'created' || s === 'replayed' || s === 'IDEMPOTENCY_KEY_IN_USE')).toBe(true);
    const orders = await database.db.select().from(payoutOrders).where(eq(payoutOrders.merchantId, merchant.merchantId));
    expect(orders).toHaveLength(1);
    expect(await balanceOf(database.db, accountIds.merchantFrozen(merchant.merchantId))).toBe('2.000000');
    const replayedBodies = responses.filter((r) => r.status === 201).map((r) => JSON.stringify(r.body));
    expect(new Set(replayedBodies).size).toBe(1);
  });
});
