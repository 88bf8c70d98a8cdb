import { eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutOrders } from '../../db/schema';
import { accountIds, balanceOf, checkLedgerInvariants } from '../../server/ledger';
import { orderCountDrift } from '../../server/listing/order-count-drift';
import { apiMerchant, payoutBody, payoutTrader } from '../api/api-harness';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { resendToNewServer, sendCreatesUntilKilled, type SendCreate } from './creates-until-killed';

/**
 * kill -9 of a server in the middle of payout creates that share commits (server/payouts/
 * create-payout-batch.ts): no acknowledged create is lost, no create is half-written, and a
 * request that lost its answer, sent again with its Idempotency-Key, makes exactly one order.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('kill -9 during batched payout creates (PostgreSQL, a real server process)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('keeps every acknowledged create, and a retried key makes one order', async () => {
    await payoutTrader(database.db, '7.0000');
    const merchant = await apiMerchant(database.db, '100000.00');
    const send: SendCreate<ReturnType<typeof payoutBody>> = (client, body, key) => client.createPayout(body as never, key);
    const { sent, batching } = await sendCreatesUntilKilled(database.url!, merchant, 'payout', send, payoutBody);

    // The kill landed on batched load: more creates than commits.
    expect(batching.creates).toBeGreaterThan(batching.commits);
    const acknowledged = sent.filter((entry) => entry.status === 201);
    expect(sent.filter((entry) => entry.status !== 201 && entry.status !== 'network error')).toEqual([]);
    const lost = sent.filter((entry) => entry.status === 'network error');

    const orders = await database.db
      .select({ merchantOrderNo: payoutOrders.merchantOrderNo })
      .from(payoutOrders)
      .where(eq(payoutOrders.merchantId, merchant.merchantId));
    const stored = new Set(orders.map((order) => order.merchantOrderNo));
    expect(acknowledged.filter((entry) => !stored.has(entry.body.merchantOrderNo))).toEqual([]);
    // Each stored order froze its amount once: the balances account for exactly the orders there are.
    const expectBalancesOfOrders = async () => {
      const [row] = rowsOf<{ frozen: string; available: string }>(
        await database.db.execute(sql`
          select coalesce(sum(usd_amount + usd_fee_amount), 0)::numeric(26, 6)::text as frozen,
                 (100000 - coalesce(sum(usd_amount + usd_fee_amount), 0))::numeric(26, 6)::text as available
          from payout_orders where merchant_id = ${merchant.merchantId}`),
      );
      expect(await balanceOf(database.db, accountIds.merchantFrozen(merchant.merchantId))).toBe(row!.frozen);
      expect(await balanceOf(database.db, accountIds.merchantAvailable(merchant.merchantId))).toBe(row!.available);
    };
    await expectBalancesOfOrders();

    // The requests that lost their answer, sent again with the same key to a new process.
    expect((await resendToNewServer(database.url!, merchant, lost, send)).filter((status) => status !== 201)).toEqual([]);
    const all = sent.map((entry) => entry.body.merchantOrderNo);
    const afterRetry = await database.db.select({ merchantOrderNo: payoutOrders.merchantOrderNo }).from(payoutOrders).where(inArray(payoutOrders.merchantOrderNo, all));
    expect(afterRetry.length).toBe(sent.length);
    expect(new Set(afterRetry.map((order) => order.merchantOrderNo)).size).toBe(sent.length);
    await expectBalancesOfOrders();
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
    expect(await orderCountDrift(database.db)).toEqual([]);
    console.log(
      `kill -9 during batched creates: ${batching.creates} creates in ${batching.commits} commits before the kill, ${acknowledged.length} acknowledged (all stored), ${lost.length} without an answer, each made once on retry`,
    );
  }, 120_000); // Two server processes start in it: on a busy CI machine that alone can take half a minute.
});
