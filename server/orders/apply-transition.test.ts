import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderTransitions, outboxEvents, payinOrders, payoutOrders } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { insertPayin, insertPayout } from '../../tests/fixtures/orders';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { isDomainError } from '../errors';
import { accountIds, balanceOf, checkLedgerInvariants } from '../ledger';
import { payinDetailView } from '../payins/payin-view';
import { payoutDetailView } from '../payouts/payout-view';
import { applyPayinTransition } from '../payins/apply-payin-transition';
import { applyPayoutTransition } from '../payouts/apply-payout-transition';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ maxConnections: 20 });
});
afterAll(async () => {
  await database.close();
});

const eventData = (row: { orderNo: string; status: string }) => ({ orderNo: row.orderNo, status: row.status });

describe('applying transitions', () => {
  it('a payout through accept, proof and confirm: states, timeline, events and ledger', async () => {
    const { db } = database;
    const merchant = await merchantWithBalance(db, '100.00');
    const trader = await traderWithBalance(db, '0');
    const order = await insertPayout(db, merchant.merchantId, { usdAmount: '10.00', usdFeeAmount: '0.10' });
    expect(await balanceOf(db, accountIds.merchantAvailable(merchant.merchantId))).toBe('89.900000');

    const actorTrader = { type: 'trader' as const, id: trader.traderId };
    await db.transaction((tx) =>
      applyPayoutTransition(tx, {
        orderId: order.id,
        action: 'accept',
        actor: actorTrader,
        set: (_row, now) => ({ traderId: trader.traderId, acceptedAt: now, paymentDueAt: new Date(now.getTime() + 1_800_000) }),
        eventData,
      }),
    );
    await db.transaction((tx) =>
      applyPayoutTransition(tx, {
        orderId: order.id,
        action: 'submit_proof',
        actor: actorTrader,
        scope: { traderId: trader.traderId },
        context: { proofCount: 2 },
        set: (_row, now) => ({ firstProofSubmittedAt: now }),
        eventData,
      }),
    );
    const confirmed = await db.transaction((tx) =>
      applyPayoutTransition(tx, {
        orderId: order.id,
        action: 'confirm',
        actor: { type: 'merchant', id: merchant.merchantId },
        scope: { merchantId: merchant.merchantId },
        eventData,
      }),
    );
    expect(confirmed.from).toBe('PAYMENT_SUBMITTED');
    expect(confirmed.to).toBe('COMPLETED');
    expect(confirmed.event?.type).toBe('payout.completed');

    expect(await balanceOf(db, accountIds.merchantAvailable(merchant.merchantId))).toBe('89.900000');
    expect(await balanceOf(db, accountIds.merchantFrozen(merchant.merchantId))).toBe('0.000000');
    expect(await balanceOf(db, accountIds.traderAvailable(trader.traderId))).toBe('10.000000');

    const timeline = await db.select().from(orderTransitions).where(eq(orderTransitions.orderId, order.id)).orderBy(orderTransitions.id);
    expect(timeline.map((row) => [row.action, row.fromStatus, row.toStatus, row.actorType])).toEqual([
      ['create', null, 'PENDING_MATCH', 'merchant'],
      ['accept', 'PENDING_MATCH', 'PENDING_PAYMENT', 'trader'],
      ['submit_proof', 'PENDING_PAYMENT', 'PAYMENT_SUBMITTED', 'trader'],
      ['confirm', 'PAYMENT_SUBMITTED', 'COMPLETED', 'merchant'],
    ]);
    const events = await db.select().from(outboxEvents).where(eq(outboxEvents.orderId, order.id)).orderBy(outboxEvents.createdAt);
    expect(events.map((event) => event.type)).toEqual(['payout.accepted', 'payout.proof_submitted', 'payout.completed']);
    expect(events[2]?.payload).toMatchObject({ type: 'payout.completed', data: { orderNo: order.orderNo, status: 'COMPLETED' } });
    expect((await checkLedgerInvariants(db)).ok).toBe(true);
  });

  it('refuses an illegal transition with INVALID_ORDER_STATE and the current status, changing nothing', async () => {
    const { db } = database;
    const merchant = await merchantWithBalance(db, '100.00');
    const order = await insertPayout(db, merchant.merchantId);
    const error = await db
      .transaction((tx) =>
        applyPayoutTransition(tx, { orderId: order.id, action: 'confirm', actor: { type: 'merchant' }, eventData }),
      )
      .catch((e: unknown) => e);
    expect(isDomainError(error, 'INVALID_ORDER_STATE')).toBe(true);
    expect(isDomainError(error) && error.meta).toEqual({ status: 'PENDING_MATCH' });
    const [row] = await db.select().from(payoutOrders).where(eq(payoutOrders.id, order.id));
    expect(row?.status).toBe('PENDING_MATCH');
  });

  it('an order outside the caller\'s scope does not exist for them (tenant isolation)', async () => {
    const { db } = database;
    const owner = await merchantWithBalance(db, '100.00');
    const other = await merchantWithBalance(db, '0');
    const order = await insertPayout(db, owner.merchantId);
    for (const orderId of [order.id, randomUUID()]) {
      const error = await db
        .transaction((tx) =>
          applyPayoutTransition(tx, {
            orderId,
            action: 'cancel',
            actor: { type: 'operator' },
            scope: { merchantId: other.merchantId },
            eventData,
          }),
        )
        .catch((e: unknown) => e);
      expect(isDomainError(error, 'ORDER_NOT_FOUND')).toBe(true);
    }
  });

  it('a refused ledger movement rolls the state change back', async () => {
    const { db } = database;
    const merchant = await merchantWithBalance(db, '0');
    const poorTrader = await traderWithBalance(db, '5.00');
    const order = await insertPayin(db, merchant.merchantId, null, '10.000000');
    const error = await db
      .transaction((tx) =>
        applyPayinTransition(tx, {
          orderId: order.id,
          action: 'match',
          actor: { type: 'system' },
          set: (_row, now) => ({ traderId: poorTrader.traderId, matchedAt: now }),
          eventData,
        }),
      )
      .catch((e: unknown) => e);
    expect(isDomainError(error, 'INSUFFICIENT_BALANCE')).toBe(true);
    const [row] = await db.select().from(payinOrders).where(eq(payinOrders.id, order.id));
    expect(row?.status).toBe('PENDING_MATCH');
    expect(row?.traderId).toBeNull();
    const events = await db.select().from(outboxEvents).where(eq(outboxEvents.orderId, order.id));
    expect(events).toEqual([]);
    expect(await balanceOf(db, accountIds.traderAvailable(poorTrader.traderId))).toBe('5.000000');
  });

  it('a pay-in expiring while matched returns the escrow; while matching it has none', async () => {
    const { db } = database;
    const merchant = await merchantWithBalance(db, '0');
    const trader = await traderWithBalance(db, '50.00');
    const matched = await insertPayin(db, merchant.merchantId, trader.traderId, '10.000000');
    const unmatched = await insertPayin(db, merchant.merchantId, null, '10.000000');
    expect(await balanceOf(db, accountIds.traderEscrow(trader.traderId))).toBe('10.000000');
    const later = new Date(Date.now() + 3_600_000);
    for (const order of [matched, unmatched]) {
      await db.transaction((tx) =>
        applyPayinTransition(tx, {
          orderId: order.id,
          action: 'expire',
          actor: { type: 'system' },
          now: later,
          guardFrom: (row) => ({ dueAt: row.expiresAt }),
          set: (_row, now) => ({ cancelledAt: now }),
          eventData,
        }),
      );
    }
    expect(await balanceOf(db, accountIds.traderEscrow(trader.traderId))).toBe('0.000000');
    expect(await balanceOf(db, accountIds.traderAvailable(trader.traderId))).toBe('50.000000');
    expect((await checkLedgerInvariants(db)).ok).toBe(true);
  });
});

describe('the event is written with the transition', () => {
  // The event goes out in the update's round trip, so its body is built from the row as the update
  // leaves it, not from the row the update returns: the two must give the merchant the same body.
  it('its body is the detail view of the order as stored, amounts and instants included', async () => {
    const { db } = database;
    const merchant = await merchantWithBalance(db, '100.00');
    const trader = await traderWithBalance(db, '50.00');
    const payout = await insertPayout(db, merchant.merchantId, { usdAmount: '12.5', usdFeeAmount: '0.125' });
    const accepted = await db.transaction((tx) =>
      applyPayoutTransition(tx, {
        orderId: payout.id,
        action: 'accept',
        actor: { type: 'trader', id: trader.traderId },
        set: (_row, now) => ({ traderId: trader.traderId, acceptedAt: now, paymentDueAt: new Date(now.getTime() + 1_234_567) }),
        eventData: payoutDetailView,
      }),
    );
    const [storedPayout] = await db.select().from(payoutOrders).where(eq(payoutOrders.id, payout.id));
    expect(accepted.event?.data).toEqual(payoutDetailView(storedPayout!));

    const payin = await insertPayin(db, merchant.merchantId, null, '7.5');
    const matched = await db.transaction((tx) =>
      applyPayinTransition(tx, {
        orderId: payin.id,
        action: 'match',
        actor: { type: 'system' },
        set: (_row, now) => ({ traderId: trader.traderId, matchedAt: now, paymentFiatAmount: '53.1' }),
        eventData: payinDetailView,
      }),
    );
    const [storedPayin] = await db.select().from(payinOrders).where(eq(payinOrders.id, payin.id));
    expect(matched.event?.data).toEqual(payinDetailView(storedPayin!));
    const [event] = await db.select().from(outboxEvents).where(eq(outboxEvents.orderId, payin.id));
    expect(event?.payload).toEqual(matched.event);
  });
});

describe('concurrent actions on one order', () => {
  it('50 concurrent accepts of one payout: exactly one wins, the rest get INVALID_ORDER_STATE', async () => {
    const { db } = database;
    const merchant = await merchantWithBalance(db, '100.00');
    const traders = await Promise.all(Array.from({ length: 5 }, () => traderWithBalance(db, '0')));
    const order = await insertPayout(db, merchant.merchantId);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => {
        const traderId = traders[i % traders.length]!.traderId;
        return db.transaction((tx) =>
          applyPayoutTransition(tx, {
            orderId: order.id,
            action: 'accept',
            actor: { type: 'trader', id: traderId },
            set: (_row, now) => ({ traderId, acceptedAt: now, paymentDueAt: new Date(now.getTime() + 1_800_000) }),
            eventData,
          }),
        );
      }),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected' && isDomainError(r.reason, 'INVALID_ORDER_STATE'));
    expect({ won: won.length, lost: lost.length }).toEqual({ won: 1, lost: 49 });

    const [row] = await db.select().from(payoutOrders).where(eq(payoutOrders.id, order.id));
    const winner = won[0]?.status === 'fulfilled' ? won[0].value.order.traderId : undefined;
    expect(row?.status).toBe('PENDING_PAYMENT');
    expect(row?.traderId).toBe(winner);
    const accepts = await db.select().from(orderTransitions).where(eq(orderTransitions.orderId, order.id));
    expect(accepts.filter((t) => t.action === 'accept')).toHaveLength(1);
    const events = await db.select().from(outboxEvents).where(eq(outboxEvents.orderId, order.id));
    expect(events).toHaveLength(1);
  });
});
