import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payinOrders } from '../../db/schema';
import { accountIds, balanceOf, checkLedgerInvariants } from '../../server/ledger';
import { orderCountDrift } from '../../server/listing/order-count-drift';
import { apiMerchant, payinTrader } from '../api/api-harness';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { resendToNewServer, sendCreatesUntilKilled, type SendCreate } from './creates-until-killed';

const TRADER_BALANCE = '1000000.000000';

/**
 * kill -9 of a server in the middle of pay-in creates that share commits (server/payins/
 * create-payin-batch.ts): no acknowledged create is lost, no create is half-written (an order
 * without its escrow, or an escrow without its order), and a request that lost its answer, sent
 * again with its Idempotency-Key, makes exactly one order.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('kill -9 during batched pay-in creates (PostgreSQL, a real server process)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('keeps every acknowledged create, and a retried key makes one order', async () => {
    const trader = await payinTrader(database.db, '7.0000', TRADER_BALANCE);
    const merchant = await apiMerchant(database.db, '0');
    const send: SendCreate<{ merchantOrderNo: string; assetAmount: string }> = (client, body, key) => client.createPayin(body, key);
    const nextBody = () => ({ merchantOrderNo: `mo-${randomBytes(8).toString('hex')}`, assetAmount: '1.000000' });
    const { sent, batching } = await sendCreatesUntilKilled(database.url!, merchant, 'payin', send, nextBody);

    // The kill landed on batched load: more creates than commits.
    expect(batching.creates).toBeGreaterThan(batching.commits);
    const acknowledged = sent.filter((entry) => entry.status === 201);
    expect(sent.filter((entry) => entry.status !== 201 && entry.status !== 'network error')).toEqual([]);
    const lost = sent.filter((entry) => entry.status === 'network error');

    const orders = await database.db.select({ merchantOrderNo: payinOrders.merchantOrderNo }).from(payinOrders).where(eq(payinOrders.merchantId, merchant.merchantId));
    const stored = new Set(orders.map((order) => order.merchantOrderNo));
    expect(acknowledged.filter((entry) => !stored.has(entry.body.merchantOrderNo))).toEqual([]);
    // Each stored order escrowed its amount once, and only a stored order did: the trader's
    // balances account for exactly the matched orders there are.
    const expectBalancesOfOrders = async () => {
      const [row] = rowsOf<{ escrowed: string; available: string; unmatched: string }>(
        await database.db.execute(sql`
          select coalesce(sum(asset_amount) filter (where trader_id is not null), 0)::numeric(26, 6)::text as escrowed,
                 (${TRADER_BALANCE}::numeric - coalesce(sum(asset_amount) filter (where trader_id is not null), 0))::numeric(26, 6)::text as available,
                 count(*) filter (where trader_id is null)::text as unmatched
          from payin_orders where merchant_id = ${merchant.merchantId}`),
      );
      expect(row!.unmatched).toBe('0');
      expect(await balanceOf(database.db, accountIds.traderEscrow(trader.traderId))).toBe(row!.escrowed);
      expect(await balanceOf(database.db, accountIds.traderAvailable(trader.traderId))).toBe(row!.available);
    };
    await expectBalancesOfOrders();

    // The requests that lost their answer, sent again with the same key to a new process.
    expect((await resendToNewServer(database.url!, merchant, lost, send)).filter((status) => status !== 201)).toEqual([]);
    const all = sent.map((entry) => entry.body.merchantOrderNo);
    const afterRetry = await database.db.select({ merchantOrderNo: payinOrders.merchantOrderNo }).from(payinOrders).where(inArray(payinOrders.merchantOrderNo, all));
    expect(afterRetry.length).toBe(sent.length);
    expect(new Set(afterRetry.map((order) => order.merchantOrderNo)).size).toBe(sent.length);
    await expectBalancesOfOrders();
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
    expect(await orderCountDrift(database.db)).toEqual([]);
    console.log(
      `kill -9 during batched pay-in creates: ${batching.creates} creates in ${batching.commits} commits before the kill, ${acknowledged.length} acknowledged (all stored), ${lost.length} without an answer, each made once on retry`,
    );
  }, 120_000); // Two server processes start in it: on a busy CI machine that alone can take half a minute.
});
