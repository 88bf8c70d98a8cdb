import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyRecords, merchants, orderTransitions, payoutOrders } from '../../db/schema';
import { apiMerchant, payoutBody, payoutTrader } from '../../tests/api/api-harness';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { accountIds, balanceOf, checkLedgerInvariants } from '../ledger';
import { orderCountDrift } from '../listing/order-count-drift';
import { createPayout, placePayout, preparePayoutCreate } from './create-payout';
import { payoutCreateFallbacks } from './create-batch-metrics';
import { writePayoutCreates } from './create-payout-batch';
import { setTraderOnline } from '../traders/set-online';

const ENDPOINT = 'POST /api/v1/withdrawals';

const fallbacks = async (reason: string) => (await payoutCreateFallbacks.get()).values.find((value) => value.labels.reason === reason)?.value ?? 0;

describe.each(['default', 'pglite'] as const)('one batch of payout creates (%s)', (kind) => {
  let database: TestDatabase;
  let trader: Awaited<ReturnType<typeof payoutTrader>>;

  beforeAll(async () => {
    database = await createTestDatabase(kind === 'pglite' ? { kind: 'pglite' } : {});
    // 700.00 CNY at 7.0000 is 100.00 USDT; with a 1% fee each payout freezes 101.000000.
    trader = await payoutTrader(database.db, '7.0000');
  });
  afterAll(async () => {
    await database.close();
  });

  const merchantRow = async (merchantId: string) => {
    const [merchant] = await database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    return merchant!;
  };

  /** A create as the API would prepare it: its own key unless given, the body's hash as the request's. */
  const prepare = async (merchantId: string, body: ReturnType<typeof payoutBody>, key = randomBytes(8).toString('hex')) =>
    preparePayoutCreate(database.db, {
      merchant: await merchantRow(merchantId),
      input: body as never,
      idempotency: { principalId: merchantId, endpoint: ENDPOINT, key, requestHash: createHash('sha256').update(JSON.stringify(body)).digest('hex') },
      now: new Date(),
    });

  it('refuses one create for balance and one for a duplicate merchantOrderNo alone; arrival order decides the last funds', async () => {
    const { merchantId } = await apiMerchant(database.db, '303.00', { feeBps: 100 });
    const other = await apiMerchant(database.db, '1000.00', { feeBps: 100 });
    // An order made earlier holds the merchantOrderNo the second create repeats; it leaves 202.00.
    const taken = 'taken-order-no';
    const merchant = await merchantRow(merchantId);
    await database.db.transaction((tx) => placePayout(tx, { merchant, input: payoutBody({ merchantOrderNo: taken }) as never, now: new Date() }));

    const first = await prepare(merchantId, payoutBody({ merchantOrderNo: 'first' }));
    const duplicate = await prepare(merchantId, payoutBody({ merchantOrderNo: taken }));
    const otherMerchant = await prepare(other.merchantId, payoutBody({ merchantOrderNo: 'elsewhere' }));
    const second = await prepare(merchantId, payoutBody({ merchantOrderNo: 'second' }));
    const third = await prepare(merchantId, payoutBody({ merchantOrderNo: 'third' }));
    const batch = [first, duplicate, otherMerchant, second, third];

    const outcomes = await writePayoutCreates(database.db, batch.map((prepared) => prepared.create));

    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(['created', 'duplicate', 'created', 'created', 'insufficient_balance']);
    expect(await balanceOf(database.db, accountIds.merchantAvailable(merchantId))).toBe('0.000000');
    expect(await balanceOf(database.db, accountIds.merchantFrozen(merchantId))).toBe('303.000000');
    expect(await balanceOf(database.db, accountIds.merchantAvailable(other.merchantId))).toBe('899.000000');
    expect(await balanceOf(database.db, accountIds.merchantFrozen(other.merchantId))).toBe('101.000000');

    const orders = await database.db.select({ merchantOrderNo: payoutOrders.merchantOrderNo, status: payoutOrders.status }).from(payoutOrders).where(eq(payoutOrders.merchantId, merchantId));
    expect(orders.map((order) => order.merchantOrderNo).sort()).toEqual(['first', 'second', taken]);
    expect(orders.every((order) => order.status === 'PENDING_MATCH')).toBe(true);

    const createdIds = [first, second, otherMerchant].map((prepared) => prepared.create.order.id);
    const timeline = await database.db.select().from(orderTransitions).where(inArray(orderTransitions.orderId, createdIds));
    expect(timeline.map((row) => row.action)).toEqual(['create', 'create', 'create']);

    // A refused create left no record of its key: a corrected retry with it works.
    const records = await database.db
      .select({ key: idempotencyRecords.key, state: idempotencyRecords.state, body: idempotencyRecords.responseBody })
      .from(idempotencyRecords)
      .where(and(eq(idempotencyRecords.principalId, merchantId), eq(idempotencyRecords.endpoint, ENDPOINT)));
    expect(records.map((record) => record.key).sort()).toEqual([first.create.key, second.create.key].sort());
    expect(records.every((record) => record.state === 'done')).toBe(true);
    expect(records.find((record) => record.key === first.create.key)?.body).toBe(JSON.stringify(first.body));

    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
    expect(await orderCountDrift(database.db)).toEqual([]);
  });

  it('answers a key repeated in the same batch as a replay of its first create, or as reused with another body', async () => {
    const { merchantId } = await apiMerchant(database.db, '1000.00');
    const body = payoutBody();
    const original = await prepare(merchantId, body, 'same-key');
    const repeat = await prepare(merchantId, body, 'same-key');
    const otherBody = await prepare(merchantId, payoutBody(), 'same-key');

    const outcomes = await writePayoutCreates(database.db, [original.create, repeat.create, otherBody.create]);

    expect(outcomes).toEqual([{ outcome: 'created' }, { outcome: 'replayed', status: 201, body: JSON.stringify(original.body) }, { outcome: 'reused' }]);
    const orders = await database.db.select({ id: payoutOrders.id }).from(payoutOrders).where(eq(payoutOrders.merchantId, merchantId));
    expect(orders).toEqual([{ id: original.create.order.id }]);
    expect(await balanceOf(database.db, accountIds.merchantFrozen(merchantId))).toBe('100.000000');
  });

  it('answers a replay as a replay even when the create would now be refused before writing', async () => {
    const { merchantId } = await apiMerchant(database.db, '1000.00');
    const body = payoutBody();
    const request = {
      merchant: await merchantRow(merchantId),
      input: body as never,
      idempotency: { principalId: merchantId, endpoint: ENDPOINT, key: 'quote-gone', requestHash: createHash('sha256').update(JSON.stringify(body)).digest('hex') },
      now: new Date(),
    };
    const created = await createPayout(database.db, request);
    // No trader quotes any more: a new create is refused NO_LIQUIDITY, the same one replays.
    await setTraderOnline(database.db, { traderId: trader.traderId, online: false });

    expect(await createPayout(database.db, request)).toEqual({ ...created, replayed: true });
    await expect(createPayout(database.db, { ...request, idempotency: { ...request.idempotency, key: 'quote-gone-2' } })).rejects.toMatchObject({ code: 'NO_LIQUIDITY' });
    const records = await database.db.select({ key: idempotencyRecords.key }).from(idempotencyRecords).where(eq(idempotencyRecords.principalId, merchantId));
    expect(records).toEqual([{ key: 'quote-gone' }]);
    await setTraderOnline(database.db, { traderId: trader.traderId, online: true });
  });

  // Last in this file: it drops the function from this file's own database.
  it('writes a create again alone when its batch statement fails as a whole, and raises what it meets', async () => {
    const { merchantId } = await apiMerchant(database.db, '1000.00');
    await database.db.execute(sql`drop function create_payouts(jsonb, text)`);
    const before = await fallbacks('batch_failed');
    const body = payoutBody();
    const request = {
      merchant: await merchantRow(merchantId),
      input: body as never,
      idempotency: { principalId: merchantId, endpoint: ENDPOINT, key: 'alone', requestHash: createHash('sha256').update(JSON.stringify(body)).digest('hex') },
      now: new Date(),
    };

    await expect(createPayout(database.db, request)).rejects.toThrow();

    expect(await database.db.select({ id: payoutOrders.id }).from(payoutOrders).where(eq(payoutOrders.merchantId, merchantId))).toEqual([]);
    expect(await balanceOf(database.db, accountIds.merchantFrozen(merchantId))).toBe('0.000000');
    expect((await fallbacks('batch_failed')) - before).toBe(1);
  });
});
