import { createHash, randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database, type Db } from '../../db/client';
import { merchants, orderTransitions, payinOrders } from '../../db/schema';
import { accountIds, balanceOf } from '../../server/ledger';
import { move } from '../../server/ledger/move';
import { applyPayinTransition } from '../../server/payins/apply-payin-transition';
import { payinDetailView } from '../../server/payins/payin-view';
import { createPayinOnce } from '../../server/payins/create-payin';
import { releasePayin } from '../../server/payins/release-payin';
import { applyPayoutTransition } from '../../server/payouts/apply-payout-transition';
import { createPayout } from '../../server/payouts/create-payout';
import { decidePayout } from '../../server/payouts/decide-payout';
import { payoutDetailView } from '../../server/payouts/payout-view';
import { enabledRiskRules } from '../../server/risk/enabled-rules';
import { apiMerchant, payinTrader, payoutBody, payoutTrader } from '../api/api-harness';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { insertPayin, insertPayout } from '../fixtures/orders';
import { traderWithBalance } from '../fixtures/parties';

/**
 * Statements each operation sends to PostgreSQL, BEGIN and COMMIT included, counted at the driver
 * on a connection of its own (docs/performance.md, "Statements per operation"). The numbers are
 * the table of that section: a change that adds a statement to one of these paths fails here.
 */
const EXPECTED = {
  payoutCreateAccepted: 2,
  payoutCreateRefusedNoLiquidity: 2,
  payoutCreateRefusedDuplicate: 2,
  payinRelease: 8,
  payinReleaseSettlementRefused: 8,
  payoutDecisionConfirm: 8,
  payinCreateMatched: 3,
};

describe.skipIf(!process.env.TEST_DATABASE_URL)('statements per operation', () => {
  let database: TestDatabase;
  let counted: Database;
  let statements: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    counted = connect({ url: database.url, maxConnections: 1, onStatement: (query) => statements.push(query) });
    // The connection's own first statements (postgres.js reads the array types) are not an operation's.
    await counted.db.execute(sql`select 1`);
    // Nor is the process's read of the risk rules, once per 30 s (server/risk/enabled-rules.ts):
    // with none switched on, a create then asks them nothing (docs/risk.md, "Cost").
    await enabledRiskRules(counted.db);
  });
  afterAll(async () => {
    await counted.close();
    await database.close();
  });

  /**
   * The statements `operation` sends on the counted connection; it must end as expected: without
   * an error, or refused with `refusal`.
   */
  const count = async (operation: (db: Db) => Promise<unknown>, refusal?: string) => {
    statements = [];
    const outcome = operation(counted.db);
    if (refusal) await expect(outcome).rejects.toMatchObject({ code: refusal });
    else await outcome;
    return statements.length;
  };

  const createRequest = async (merchantId: string, body = payoutBody()) => {
    const [merchant] = await database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    return {
      merchant: merchant!,
      input: body as never,
      idempotency: {
        principalId: merchantId,
        endpoint: 'POST /api/v1/withdrawals',
        key: randomBytes(8).toString('hex'),
        requestHash: createHash('sha256').update(JSON.stringify(body)).digest('hex'),
      },
      now: new Date(),
    };
  };

  const counts: Partial<Record<keyof typeof EXPECTED, number>> = {};

  it('a payout create costs no more statements refused than accepted', async () => {
    const { merchantId } = await apiMerchant(database.db, '10000.00', { feeBps: 100 });
    // No trader quotes yet: NO_LIQUIDITY.
    const noLiquidity = await createRequest(merchantId);
    counts.payoutCreateRefusedNoLiquidity = await count((db) => createPayout(db, noLiquidity), 'NO_LIQUIDITY');

    await payoutTrader(database.db, '7.0000');
    const body = payoutBody();
    const accepted = await createRequest(merchantId, body);
    counts.payoutCreateAccepted = await count((db) => createPayout(db, accepted));
    // Another key, the same merchantOrderNo.
    const duplicate = await createRequest(merchantId, body);
    counts.payoutCreateRefusedDuplicate = await count((db) => createPayout(db, duplicate), 'DUPLICATE_MERCHANT_ORDER_NO');

    expect(counts.payoutCreateRefusedNoLiquidity).toBeLessThanOrEqual(counts.payoutCreateAccepted);
    expect(counts.payoutCreateRefusedDuplicate).toBeLessThanOrEqual(counts.payoutCreateAccepted);
  });

  it('a pay-in release takes at most 8 statements', async () => {
    const { merchantId } = await apiMerchant(database.db, '0');
    const trader = await traderWithBalance(database.db, '100.00');
    const order = await insertPayin(database.db, merchantId, trader.traderId);
    await database.db.transaction((tx) =>
      applyPayinTransition(tx, { orderId: order.id, action: 'submit_payment', actor: { type: 'buyer' }, eventData: payinDetailView }),
    );

    counts.payinRelease = await count((db) => releasePayin(db, { traderId: trader.traderId, orderId: order.id }));

    expect(counts.payinRelease).toBeLessThanOrEqual(8);
    const [released] = await database.db.select({ status: payinOrders.status }).from(payinOrders).where(eq(payinOrders.id, order.id));
    expect(released?.status).toBe('COMPLETED');
    const timeline = await database.db.select().from(orderTransitions).where(eq(orderTransitions.orderId, order.id)).orderBy(asc(orderTransitions.id));
    expect(timeline.map((row) => `${row.fromStatus}->${row.toStatus}`).slice(-3)).toEqual([
      'PAYMENT_SUBMITTED->PENDING_RELEASE',
      'PENDING_RELEASE->SETTLING',
      'SETTLING->COMPLETED',
    ]);
  });

  it('a pay-in release whose settlement is refused ends FAILED in as many statements', async () => {
    const { merchantId } = await apiMerchant(database.db, '0');
    const trader = await traderWithBalance(database.db, '100.00');
    const order = await insertPayin(database.db, merchantId, trader.traderId);
    await database.db.transaction(async (tx) => {
      await applyPayinTransition(tx, { orderId: order.id, action: 'submit_payment', actor: { type: 'buyer' }, eventData: payinDetailView });
      // The escrow drained behind the order's back: its settlement cannot post.
      await move(tx, { id: `drain-${order.id}`, kind: 'test', from: accountIds.traderEscrow(trader.traderId), to: [{ accountId: accountIds.external, amount: order.assetAmount }] });
    });

    counts.payinReleaseSettlementRefused = await count((db) => releasePayin(db, { traderId: trader.traderId, orderId: order.id }));

    const [failed] = await database.db.select({ status: payinOrders.status }).from(payinOrders).where(eq(payinOrders.id, order.id));
    expect(failed?.status).toBe('FAILED');
    expect(await balanceOf(database.db, accountIds.merchantAvailable(merchantId))).toBe('0.000000');
  });

  it('a payout decision CONFIRM', async () => {
    const { merchantId } = await apiMerchant(database.db, '100.00');
    const trader = await traderWithBalance(database.db, '0');
    const order = await insertPayout(database.db, merchantId);
    await database.db.transaction(async (tx) => {
      const base = { orderId: order.id, actor: { type: 'trader' as const, id: trader.traderId }, eventData: payoutDetailView };
      await applyPayoutTransition(tx, { ...base, action: 'accept', set: () => ({ traderId: trader.traderId }) });
      await applyPayoutTransition(tx, { ...base, action: 'submit_proof', context: { proofCount: 1 } });
    });

    counts.payoutDecisionConfirm = await count((db) => decidePayout(db, { merchantId, reference: order.orderNo, decision: { decision: 'CONFIRM' } as never }));
  });

  it('a pay-in create, matched', async () => {
    const { merchantId } = await apiMerchant(database.db, '0');
    await payinTrader(database.db, '7.0000', '1000.00');
    const [merchant] = await database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    const input = { merchantOrderNo: `po-${randomBytes(4).toString('hex')}`, assetAmount: '10.000000' };
    const idempotency = { principalId: merchantId, endpoint: 'POST /api/v1/orders', key: input.merchantOrderNo, requestHash: 'hash' };

    counts.payinCreateMatched = await count((db) => createPayinOnce(db, { merchant: merchant!, input: input as never, idempotency, now: new Date() }));

    const [order] = await database.db.select({ status: payinOrders.status }).from(payinOrders).where(eq(payinOrders.merchantId, merchantId));
    expect(order?.status).toBe('PENDING_PAYMENT');
  });

  it('every operation sends the statements docs/performance.md states', () => {
    expect(counts).toEqual(EXPECTED);
  });
});
