import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyRecords, merchants, orderTransitions, payinOrders, traderBankAccounts } from '../../db/schema';
import { apiMerchant, payinTrader } from '../../tests/api/api-harness';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { signal } from '../../tests/signal';
import { IDEMPOTENCY_RETENTION_MS } from '../idempotency/idempotency-key';
import { accountIds, balanceOf, checkLedgerInvariants } from '../ledger';
import { orderCountDrift } from '../listing/order-count-drift';
import { setTraderOnline } from '../traders/set-online';
import { createPayin, preparePayinCreate } from './create-payin';
import { payinCreateBatchSize } from './create-batch-metrics';
import { payinCreateBatches, payinCreateLane, writePayinCreates } from './create-payin-batch';

const ENDPOINT = 'POST /api/v1/orders';

describe.each(['default', 'pglite'] as const)('one batch of pay-in creates (%s)', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind === 'pglite' ? { kind: 'pglite' } : {});
  });
  afterAll(async () => {
    await database.close();
  });

  const merchantRow = async (merchantId: string) => {
    const [merchant] = await database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    return merchant!;
  };

  /** A create as the API would prepare it, with its stored answers: its own key unless given, the body's hash as the request's. */
  const prepare = async (merchantId: string, body: { merchantOrderNo: string; assetAmount?: string; fiatAmount?: string }, key = randomBytes(8).toString('hex')) => {
    const now = new Date();
    const prepared = await preparePayinCreate(database.db, { merchant: await merchantRow(merchantId), input: body as never, now }, { answers: true });
    const scope = {
      endpoint: ENDPOINT,
      key,
      requestHash: createHash('sha256').update(JSON.stringify(body)).digest('hex'),
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS).toISOString(),
    };
    return { ...prepared.create, ...scope };
  };

  const limitOrders = async (traderId: string, dailyOrderLimit: number) => {
    await database.db.update(traderBankAccounts).set({ dailyOrderLimit }).where(eq(traderBankAccounts.traderId, traderId));
  };
  const usage = async (traderId: string) => {
    const [account] = await database.db.select({ orders: traderBankAccounts.usageOrders }).from(traderBankAccounts).where(eq(traderBankAccounts.traderId, traderId));
    return account?.orders;
  };

  it('batches the creates of one trader together and another trader\'s apart, so no two batches lock two traders in opposite orders', async () => {
    const { merchantId } = await apiMerchant(database.db, '0');
    const a = await payinTrader(database.db, '7.0500', '1000.000000');
    const b = await payinTrader(database.db, '7.0600', '1000.000000');
    // As scored routing would send them: two creates to each trader, interleaved (only a and b as
    // candidates, whatever traders earlier cases left online).
    const only = (trader: { traderId: string }) => (create: Awaited<ReturnType<typeof prepare>>) => ({
      ...create,
      candidates: create.candidates.filter((candidate) => candidate.traderId === trader.traderId),
    });
    const routed = [only(a), only(b), only(a), only(b)];
    const creates = await Promise.all(routed.map(async (route, i) => route(await prepare(merchantId, { merchantOrderNo: `lane-${i}`, assetAmount: '1.000000' }))));
    const refused = { ...(await prepare(merchantId, { merchantOrderNo: 'lane-refused', assetAmount: '1.000000' })), candidates: [] };
    expect([...creates, refused].map(payinCreateLane)).toEqual([a.traderId, b.traderId, a.traderId, b.traderId, '']);

    const counted = async () => {
      const { values } = await payinCreateBatchSize.get();
      const value = (suffix: string) => values.find((entry) => entry.metricName === `corridor_payin_create_batch_size_${suffix}`)?.value ?? 0;
      return { batches: value('count'), creates: value('sum') };
    };
    const before = await counted();
    // Submitted in one turn: without lanes they would be one batch of four.
    const outcomes = await Promise.all(creates.map((create) => payinCreateBatches(database.db, payinCreateLane(create)).submit(create)));
    const after = await counted();

    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(['created', 'created', 'created', 'created']);
    expect({ batches: after.batches - before.batches, creates: after.creates - before.creates }).toEqual({ batches: 2, creates: 4 });
    const stored = await database.db
      .select({ merchantOrderNo: payinOrders.merchantOrderNo, traderId: payinOrders.traderId })
      .from(payinOrders)
      .where(inArray(payinOrders.id, creates.map((create) => create.order.id)));
    expect(Object.fromEntries(stored.map((row) => [row.merchantOrderNo, row.traderId]))).toEqual({
      'lane-0': a.traderId,
      'lane-1': b.traderId,
      'lane-2': a.traderId,
      'lane-3': b.traderId,
    });
    for (const trader of [a, b]) await setTraderOnline(database.db, { traderId: trader.traderId, online: false });
  });

  it('refuses a duplicate merchantOrderNo and replays a retried key alone; a refused escrow or a full account passes the create on', async () => {
    const { merchantId } = await apiMerchant(database.db, '0');
    // The cheapest trader has USDT for two orders of 10; the next has plenty but room for one order today.
    const cheap = await payinTrader(database.db, '7.0000', '25.000000');
    const next = await payinTrader(database.db, '7.1000', '1000.000000');
    await limitOrders(next.traderId, 1);
    const merchant = await merchantRow(merchantId);
    // An order made earlier (through the same writer) holds the merchantOrderNo the duplicate repeats; it leaves 24 USDT.
    const taken = 'taken-order-no';
    await database.db.transaction((tx) => createPayin(tx, { merchant, input: { merchantOrderNo: taken, assetAmount: '1.000000' } as never, now: new Date() }));
    expect(await balanceOf(database.db, accountIds.traderEscrow(cheap.traderId))).toBe('1.000000');

    const body = (merchantOrderNo: string) => ({ merchantOrderNo, assetAmount: '10.000000' });
    const first = await prepare(merchantId, body('first'));
    const duplicate = await prepare(merchantId, body(taken));
    const second = await prepare(merchantId, body('second'));
    const retried = await prepare(merchantId, body('first'), first.key);
    const third = await prepare(merchantId, body('third'));
    const fourth = await prepare(merchantId, body('fourth'));
    // Every create was prepared while the cheapest trader could escrow it: the batch finds out.
    for (const create of [first, second, third, fourth]) expect(create.candidates.map((candidate) => candidate.traderId)).toEqual([cheap.traderId, next.traderId]);

    const outcomes = await writePayinCreates(database.db, [first, duplicate, second, retried, third, fourth]);

    expect(outcomes).toEqual([
      { outcome: 'created', candidate: 0, paymentFiatAmount: null },
      { outcome: 'duplicate' },
      { outcome: 'created', candidate: 0, paymentFiatAmount: null },
      { outcome: 'replayed', status: 201, body: first.candidates[0]!.responseBody },
      // The cheapest trader's 4 USDT left cannot escrow 10: the next trader's account takes it ...
      { outcome: 'created', candidate: 1, paymentFiatAmount: null },
      // ... and has no room left for another: it waits at the best quoted rate.
      { outcome: 'created', candidate: null, paymentFiatAmount: null },
    ]);
    expect(await balanceOf(database.db, accountIds.traderEscrow(cheap.traderId))).toBe('21.000000');
    expect(await balanceOf(database.db, accountIds.traderAvailable(cheap.traderId))).toBe('4.000000');
    expect(await balanceOf(database.db, accountIds.traderEscrow(next.traderId))).toBe('10.000000');
    // The refused escrow's claim went with it; the refused claim counted nothing.
    expect(await usage(cheap.traderId)).toBe(3);
    expect(await usage(next.traderId)).toBe(1);

    const orders = await database.db
      .select({ id: payinOrders.id, merchantOrderNo: payinOrders.merchantOrderNo, status: payinOrders.status, traderId: payinOrders.traderId, fxRate: payinOrders.fxRate })
      .from(payinOrders)
      .where(eq(payinOrders.merchantId, merchantId));
    const byNo = new Map(orders.map((order) => [order.merchantOrderNo, order]));
    expect([...byNo.keys()].sort()).toEqual(['first', 'fourth', 'second', taken, 'third']);
    expect(byNo.get('first')).toMatchObject({ id: first.order.id, status: 'PENDING_PAYMENT', traderId: cheap.traderId });
    expect(byNo.get('second')).toMatchObject({ status: 'PENDING_PAYMENT', traderId: cheap.traderId });
    expect(byNo.get('third')).toMatchObject({ status: 'PENDING_PAYMENT', traderId: next.traderId, fxRate: '7.1000' });
    expect(byNo.get('fourth')).toMatchObject({ status: 'PENDING_MATCH', traderId: null, fxRate: '7.0000' });

    const createdIds = [first, second, third, fourth].map((create) => create.order.id);
    const timeline = await database.db.select().from(orderTransitions).where(inArray(orderTransitions.orderId, createdIds));
    expect(timeline.map((row) => `${row.action}:${row.toStatus}`).sort()).toEqual(['create:PENDING_MATCH', 'create:PENDING_PAYMENT', 'create:PENDING_PAYMENT', 'create:PENDING_PAYMENT']);

    // A refused create left no record of its key; each other stored the answer of what it became.
    const records = await database.db
      .select({ key: idempotencyRecords.key, state: idempotencyRecords.state, body: idempotencyRecords.responseBody })
      .from(idempotencyRecords)
      .where(and(eq(idempotencyRecords.principalId, merchantId), eq(idempotencyRecords.endpoint, ENDPOINT)));
    expect(records.map((record) => record.key).sort()).toEqual([first.key, second.key, third.key, fourth.key].sort());
    expect(records.every((record) => record.state === 'done')).toBe(true);
    const stored = new Map(records.map((record) => [record.key, JSON.parse(record.body as string) as { status: string; pricingSnapshot: { fxRate: string } }]));
    expect(stored.get(third.key)).toMatchObject({ status: 'PENDING_PAYMENT', pricingSnapshot: { fxRate: '7.1000' } });
    expect(stored.get(fourth.key)).toMatchObject({ status: 'PENDING_MATCH', pricingSnapshot: { fxRate: '7.0000' } });

    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
    expect(await orderCountDrift(database.db)).toEqual([]);

    for (const trader of [cheap, next]) await setTraderOnline(database.db, { traderId: trader.traderId, online: false });
  });

  it('answers a key repeated with another body as reused, and a refusal without writing, beside a create', async () => {
    const { merchantId } = await apiMerchant(database.db, '0');
    const trader = await payinTrader(database.db, '7.0000', '1000.000000');
    const original = await prepare(merchantId, { merchantOrderNo: 'one', assetAmount: '5.000000' }, 'same-key');
    const otherBody = await prepare(merchantId, { merchantOrderNo: 'two', assetAmount: '6.000000' }, 'same-key');
    const refused = { merchantId, now: new Date().toISOString(), endpoint: ENDPOINT, key: 'refused-key', requestHash: 'x', expiresAt: original.expiresAt, refusal: 'NO_LIQUIDITY' };

    const outcomes = await writePayinCreates(database.db, [original, otherBody, refused]);

    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(['created', 'reused', 'refused']);
    const orders = await database.db.select({ id: payinOrders.id }).from(payinOrders).where(eq(payinOrders.merchantId, merchantId));
    expect(orders).toEqual([{ id: original.order.id }]);
    expect(await balanceOf(database.db, accountIds.traderEscrow(trader.traderId))).toBe('5.000000');
    const records = await database.db.select({ key: idempotencyRecords.key }).from(idempotencyRecords).where(eq(idempotencyRecords.principalId, merchantId));
    expect(records).toEqual([{ key: 'same-key' }]);
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
    await setTraderOnline(database.db, { traderId: trader.traderId, online: false });
  });

  // PGlite runs one transaction at a time: only PostgreSQL has a key in flight in another transaction.
  it.runIf(kind === 'default' && process.env.TEST_DATABASE_URL)('answers in_use for a key in flight in another transaction and creates the rest of its batch', async () => {
    const { merchantId } = await apiMerchant(database.db, '0');
    const trader = await payinTrader(database.db, '7.0000', '1000.000000');
    const before = await prepare(merchantId, { merchantOrderNo: 'before', assetAmount: '1.000000' });
    const inFlight = await prepare(merchantId, { merchantOrderNo: 'in-flight', assetAmount: '2.000000' });
    const after = await prepare(merchantId, { merchantOrderNo: 'after', assetAmount: '3.000000' });
    // Another request holds the key's claim, not committed yet, for the whole batch.
    const { fired: claimHeld, fire: taken } = signal();
    const { fired: released, fire: release } = signal();
    const other = database.db
      .transaction(async (tx) => {
        await tx.insert(idempotencyRecords).values({ principalId: merchantId, endpoint: ENDPOINT, key: inFlight.key, requestHash: inFlight.requestHash, state: 'in_flight', createdAt: new Date(), expiresAt: new Date(inFlight.expiresAt) });
        taken();
        await released;
        throw new Error('the other request rolls back');
      })
      .catch(() => undefined);
    await claimHeld;

    const outcomes = await writePayinCreates(database.db, [before, inFlight, after]);
    release();
    await other;

    expect(outcomes).toEqual([
      { outcome: 'created', candidate: 0, paymentFiatAmount: null },
      { outcome: 'in_use' },
      { outcome: 'created', candidate: 0, paymentFiatAmount: null },
    ]);
    const records = await database.db.select({ key: idempotencyRecords.key, state: idempotencyRecords.state }).from(idempotencyRecords).where(eq(idempotencyRecords.principalId, merchantId));
    expect(records.sort((a, b) => a.key.localeCompare(b.key))).toEqual([before.key, after.key].sort().map((key) => ({ key, state: 'done' })));
    const orders = await database.db.select({ merchantOrderNo: payinOrders.merchantOrderNo }).from(payinOrders).where(eq(payinOrders.merchantId, merchantId));
    expect(orders.map((order) => order.merchantOrderNo).sort()).toEqual(['after', 'before']);
    expect(await balanceOf(database.db, accountIds.traderEscrow(trader.traderId))).toBe('4.000000');
    await setTraderOnline(database.db, { traderId: trader.traderId, online: false });
  });

  it('gives creates of one amount on one auto-confirm account in one batch distinct cent offsets', async () => {
    const { merchantId } = await apiMerchant(database.db, '0');
    const trader = await payinTrader(database.db, '7.0000', '1000.000000');
    // Its forwarder has just checked in: an auto-confirm account whose forwarder is silent takes no pay-in.
    await database.db.update(traderBankAccounts).set({ autoConfirm: true, listenerLastSeenAt: new Date() }).where(eq(traderBankAccounts.traderId, trader.traderId));
    const body = (merchantOrderNo: string) => ({ merchantOrderNo, fiatAmount: '70.00' });
    const creates = [await prepare(merchantId, body('a')), await prepare(merchantId, body('b')), await prepare(merchantId, body('c'))];
    expect(creates.map((create) => create.candidates.map((candidate) => candidate.autoConfirm))).toEqual([[true], [true], [true]]);

    const outcomes = await writePayinCreates(database.db, creates);

    expect(outcomes).toEqual(['70.00', '70.01', '70.02'].map((amount) => ({ outcome: 'created', candidate: 0, paymentFiatAmount: amount })));
    const orders = await database.db.select({ amount: payinOrders.paymentFiatAmount }).from(payinOrders).where(eq(payinOrders.merchantId, merchantId));
    expect(orders.map((order) => order.amount).sort()).toEqual(['70.00', '70.01', '70.02']);
    expect(await balanceOf(database.db, accountIds.traderEscrow(trader.traderId))).toBe('30.000000');
    await setTraderOnline(database.db, { traderId: trader.traderId, online: false });
  });
});
