import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Db } from '../../db/client';
import { payinOrders, payoutOrders } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { insertPayin, insertPayout } from '../../tests/fixtures/orders';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { isDomainError } from '../errors';
import { checkLedgerInvariants } from '../ledger';
import { accountIds } from '../ledger/account-ids';
import { balancesOf, platformFeeBalance } from '../ledger/balances';
import { orderCountDrift } from '../listing/order-count-drift';
import { Dec } from '../money/decimal';
import { applyPayinTransition, applyPayoutTransition } from './apply-transition';
import type { ActorType, MachineDef } from './machine';
import { payinMachine } from './payin';
import { payoutMachine } from './payout';

/**
 * Random sequences of actions, by random actors, against real orders in a real database, through
 * the one transition applier (ledger effects included). After every step: the ledger invariants
 * hold, the stored state is what the machine says, and a terminal state never changes again.
 */

let database: TestDatabase;
let merchantId: string;
let traderId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  merchantId = (await merchantWithBalance(database.db, '1000000.00')).merchantId;
  traderId = (await traderWithBalance(database.db, '1000000.00')).traderId;
});
afterAll(async () => {
  await database.close();
});

const actors: ActorType[] = ['merchant', 'trader', 'operator', 'buyer', 'system'];
const eventData = (row: { orderNo: string; status: string }) => ({ orderNo: row.orderNo, status: row.status });
// Far enough ahead that every timer is due: the guards of timed transitions pass.
const later = () => new Date(Date.now() + 7 * 86_400_000);

/** A step: either a declared transition with one of its actors (likely to apply), or anything. */
function stepArbitrary(machine: MachineDef<string, string>) {
  const declared = fc.constantFrom(
    ...machine.transitions.flatMap((t) => t.actors.map((actor) => ({ action: t.action, actor }))),
  );
  const anything = fc.record({
    action: fc.constantFrom(...machine.transitions.map((t) => t.action)),
    actor: fc.constantFrom(...actors),
  });
  const step = fc.oneof({ arbitrary: declared, weight: 4 }, { arbitrary: anything, weight: 1 });
  // A split ruling's part, in thousandths of what it divides (resolve_split reads it from the row).
  return fc.tuple(step, fc.integer({ min: 1, max: 999 })).map(([chosen, permille]) => ({ ...chosen, permille }));
}

/** `permille` thousandths of `whole`, rounded down to `places`, at least one unit: strictly inside (0, whole) for whole >= 2 units. */
function partOf(whole: string, permille: number, places: number): string {
  const unit = new Dec(1).dividedBy(new Dec(10).pow(places));
  return Dec.max(new Dec(whole).times(permille).dividedBy(1000).toDecimalPlaces(places, Dec.ROUND_DOWN), unit).toFixed(places);
}

async function frozenLeftFor(db: Db, orderId: string, account: 'frozen' | 'escrow'): Promise<string> {
  const [row] = rowsOf<{ sum: string }>(
    await db.execute(sql`
      select coalesce(sum(p.amount), 0)::text as sum
      from ledger_postings p join ledger_transfers t on t.id = p.transfer_id
      where t.order_id = ${orderId} and p.account_id like ${`%:${account}`}`),
  );
  return row?.sum ?? '0';
}

describe('order lifecycles under random actions', () => {
  it('payouts: terminal stays terminal, invariants hold, nothing stays frozen at the end', async () => {
    const { db } = database;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary(payoutMachine), { minLength: 1, maxLength: 12 }), async (steps) => {
        const order = await insertPayout(db, merchantId);
        let state: string = order.status;
        for (const step of steps) {
          const before = state;
          const wasTerminal = payoutMachine.states[before as keyof typeof payoutMachine.states].terminal;
          try {
            const outcome = await db.transaction((tx) =>
              applyPayoutTransition(tx, {
                orderId: order.id,
                action: step.action as never,
                actor: { type: step.actor, id: step.actor === 'trader' ? traderId : null },
                now: later(),
                context: { reason: 'random reason', note: 'random note', proofCount: 1 },
                guardFrom: (row) => ({ dueAt: row.paymentDueAt ?? row.merchantActionDueAt ?? row.createdAt }),
                set: (row, now) =>
                  step.action === 'accept'
                    ? { traderId, acceptedAt: now, paymentDueAt: now }
                    : step.action === 'resolve_split'
                      ? { resolutionTraderAmount: partOf(row.usdAmount, step.permille, 2) }
                      : {},
                eventData,
              }),
            );
            expect(wasTerminal).toBe(false);
            const declared = payoutMachine.transitions.find((t) => t.action === step.action);
            expect(declared?.from).toContain(before);
            expect(outcome.to).toBe(declared?.to);
            state = outcome.to;
          } catch (error) {
            if (!isDomainError(error)) throw error;
            expect(['INVALID_ORDER_STATE', 'ACTION_NOT_ALLOWED', 'TRANSITION_NOT_DUE', 'VALIDATION_FAILED']).toContain(error.code);
            if (wasTerminal && error.code !== 'ACTION_NOT_ALLOWED') expect(error.code).toBe('INVALID_ORDER_STATE');
          }
          const [row] = await db.select({ status: payoutOrders.status }).from(payoutOrders).where(eq(payoutOrders.id, order.id));
          expect(row?.status).toBe(state);
          expect((await checkLedgerInvariants(db)).ok).toBe(true);
          expect(await orderCountDrift(db)).toEqual([]);
        }
        if (payoutMachine.states[state as keyof typeof payoutMachine.states].terminal) {
          expect(new Dec(await frozenLeftFor(db, order.id, 'frozen')).isZero()).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  }, 240_000);

  it('pay-ins: terminal stays terminal, invariants hold, no escrow left after completion or cancellation', async () => {
    const { db } = database;
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.array(stepArbitrary(payinMachine), { minLength: 1, maxLength: 12 }),
        async (matchedAtCreation, steps) => {
          const order = await insertPayin(db, merchantId, matchedAtCreation ? traderId : null);
          let state: string = order.status;
          for (const step of steps) {
            const before = state;
            const wasTerminal = payinMachine.states[before as keyof typeof payinMachine.states].terminal;
            try {
              const outcome = await db.transaction((tx) =>
                applyPayinTransition(tx, {
                  orderId: order.id,
                  action: step.action as never,
                  actor: { type: step.actor, id: step.actor === 'trader' ? traderId : null },
                  now: later(),
                  context: { reason: 'random reason', note: 'random note' },
                  guardFrom: (row) => ({ dueAt: row.expiresAt }),
                  set: (row, now) =>
                    step.action === 'match'
                      ? { traderId, matchedAt: now }
                      : step.action === 'resolve_split'
                        ? { resolutionMerchantAmount: partOf(row.assetAmount, step.permille, 6) }
                        : {},
                  eventData,
                }),
              );
              expect(wasTerminal).toBe(false);
              const declared = payinMachine.transitions.find((t) => t.action === step.action);
              expect(declared?.from).toContain(before);
              expect(outcome.to).toBe(declared?.to);
              state = outcome.to;
            } catch (error) {
              if (!isDomainError(error)) throw error;
              expect(['INVALID_ORDER_STATE', 'ACTION_NOT_ALLOWED', 'TRANSITION_NOT_DUE', 'VALIDATION_FAILED']).toContain(error.code);
              if (wasTerminal && error.code !== 'ACTION_NOT_ALLOWED') expect(error.code).toBe('INVALID_ORDER_STATE');
            }
            const [row] = await db.select({ status: payinOrders.status }).from(payinOrders).where(eq(payinOrders.id, order.id));
            expect(row?.status).toBe(state);
            expect((await checkLedgerInvariants(db)).ok).toBe(true);
          expect(await orderCountDrift(db)).toEqual([]);
          }
          if (state === 'COMPLETED' || state === 'CANCELLED') {
            expect(new Dec(await frozenLeftFor(db, order.id, 'escrow')).isZero()).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 240_000);
});

/** The credits of one split transfer by account, and whether its postings sum to zero. */
async function splitTransferOf(db: Db, transferId: string) {
  const rows = rowsOf<{ account_id: string; amount: string }>(
    await db.execute(sql`select account_id, amount::text as amount from ledger_postings where transfer_id = ${transferId}`),
  );
  const sum = rows.reduce((total, row) => total.plus(row.amount), new Dec(0));
  return { legs: new Map(rows.map((row) => [row.account_id, row.amount])), balanced: sum.isZero(), count: rows.length };
}

/** An owner's total across its accounts: what a split may only move between owners, never create. */
async function totalOf(db: Db, ownerType: 'merchant' | 'trader', ownerId: string): Promise<Dec> {
  const balances = await balancesOf(db, ownerType, ownerId);
  return Object.values(balances).reduce((total, value) => total.plus(value ?? '0'), new Dec(0));
}

describe('split rulings with random amounts', () => {
  it('payouts: one balanced transfer, the trader gets exactly the part, the fee pro rata, the merchant the rest; totals conserved', async () => {
    const { db } = database;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 1_000_000 }), fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: 1, max: 9_999 }), async (usdCents, feeCents, partPer10k) => {
        const usdAmount = new Dec(usdCents).dividedBy(100).toFixed(2);
        const usdFeeAmount = new Dec(feeCents).dividedBy(100).toFixed(2);
        // Strictly inside (0, usdAmount), in cents.
        const partCents = Math.min(Math.max(Math.floor((usdCents * partPer10k) / 10_000), 1), usdCents - 1);
        const part = new Dec(partCents).dividedBy(100).toFixed(2);
        const before = { merchant: await totalOf(db, 'merchant', merchantId), trader: await totalOf(db, 'trader', traderId), fees: await platformFeeBalance(db) };

        const order = await insertPayout(db, merchantId, { usdAmount, usdFeeAmount });
        const run = (action: string, actor: ActorType, set: Record<string, unknown> = {}) =>
          db.transaction((tx) =>
            applyPayoutTransition(tx, {
              orderId: order.id,
              action: action as never,
              actor: { type: actor, id: actor === 'trader' ? traderId : null },
              context: { reason: 'short', note: 'split', proofCount: 1 },
              set: () => set,
              eventData,
            }),
          );
        await run('accept', 'trader', { traderId });
        await run('submit_proof', 'trader');
        await run('dispute', 'merchant');
        await run('resolve_split', 'operator', { resolutionTraderAmount: part });

        const split = await splitTransferOf(db, `payout:${order.id}:split`);
        const frozen = new Dec(usdAmount).plus(usdFeeAmount);
        expect(split.balanced).toBe(true);
        expect(split.legs.get(`merchant:${merchantId}:frozen`)).toBe(frozen.negated().toFixed(6));
        expect(split.legs.get(`trader:${traderId}:available`)).toBe(new Dec(part).toFixed(6));
        const fee = new Dec(split.legs.get(accountIds.platformFeesFor(order.id)) ?? '0');
        const merchantBack = new Dec(split.legs.get(`merchant:${merchantId}:available`) ?? '0');
        expect(fee.equals(new Dec(usdFeeAmount).times(part).dividedBy(usdAmount).toDecimalPlaces(2, Dec.ROUND_HALF_UP))).toBe(true);
        expect(fee.lte(usdFeeAmount) && merchantBack.gt(0)).toBe(true);
        expect(new Dec(part).plus(fee).plus(merchantBack).equals(frozen)).toBe(true);

        const after = { merchant: await totalOf(db, 'merchant', merchantId), trader: await totalOf(db, 'trader', traderId), fees: await platformFeeBalance(db) };
        expect(before.merchant.minus(after.merchant).equals(new Dec(part).plus(fee))).toBe(true);
        expect(after.trader.minus(before.trader).equals(part)).toBe(true);
        expect(new Dec(after.fees).minus(before.fees).equals(fee)).toBe(true);
        expect(new Dec(await frozenLeftFor(db, order.id, 'frozen')).isZero()).toBe(true);
        const report = await checkLedgerInvariants(db);
        expect(report.ok).toBe(true);
      }),
      { numRuns: 40 },
    );
  }, 240_000);

  it('pay-ins: one balanced transfer, the trader gets exactly the rest of the escrow, the fee pro rata from the share; totals conserved', async () => {
    const { db } = database;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 10_000_000_000 }), fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: 1, max: 9_999 }), async (assetMicros, feeCents, partPer10k) => {
        const assetAmount = new Dec(assetMicros).dividedBy(1_000_000).toFixed(6);
        const usdFeeAmount = new Dec(feeCents).dividedBy(100).toFixed(2);
        const shareMicros = Math.min(Math.max(Math.floor((assetMicros * partPer10k) / 10_000), 1), assetMicros - 1);
        const share = new Dec(shareMicros).dividedBy(1_000_000).toFixed(6);
        const before = { merchant: await totalOf(db, 'merchant', merchantId), trader: await totalOf(db, 'trader', traderId), fees: await platformFeeBalance(db) };

        const order = await insertPayin(db, merchantId, traderId, assetAmount);
        await db.update(payinOrders).set({ usdFeeAmount }).where(eq(payinOrders.id, order.id));
        const run = (action: string, actor: ActorType, set: Record<string, unknown> = {}) =>
          db.transaction((tx) =>
            applyPayinTransition(tx, {
              orderId: order.id,
              action: action as never,
              actor: { type: actor, id: actor === 'trader' ? traderId : null },
              context: { reason: 'short', note: 'split' },
              set: () => set,
              eventData,
            }),
          );
        await run('submit_payment', 'buyer');
        await run('dispute', 'trader');
        await run('resolve_split', 'operator', { resolutionMerchantAmount: share });

        const split = await splitTransferOf(db, `payin:${order.id}:split`);
        expect(split.balanced).toBe(true);
        expect(split.legs.get(`trader:${traderId}:escrow`)).toBe(new Dec(assetAmount).negated().toFixed(6));
        expect(split.legs.get(`trader:${traderId}:available`)).toBe(new Dec(assetAmount).minus(share).toFixed(6));
        const fee = new Dec(split.legs.get(accountIds.platformFeesFor(order.id)) ?? '0');
        const merchantGets = new Dec(split.legs.get(`merchant:${merchantId}:available`) ?? '0');
        const fullFee = Dec.min(new Dec(usdFeeAmount), new Dec(assetAmount));
        expect(fee.equals(fullFee.times(share).dividedBy(assetAmount).toDecimalPlaces(6, Dec.ROUND_HALF_UP))).toBe(true);
        expect(fee.lte(share) && merchantGets.gte(0)).toBe(true);
        expect(merchantGets.plus(fee).equals(share)).toBe(true);

        const after = { merchant: await totalOf(db, 'merchant', merchantId), trader: await totalOf(db, 'trader', traderId), fees: await platformFeeBalance(db) };
        expect(after.merchant.minus(before.merchant).equals(merchantGets)).toBe(true);
        expect(before.trader.minus(after.trader).equals(share)).toBe(true);
        expect(new Dec(after.fees).minus(before.fees).equals(fee)).toBe(true);
        expect(new Dec(await frozenLeftFor(db, order.id, 'escrow')).isZero()).toBe(true);
        expect((await checkLedgerInvariants(db)).ok).toBe(true);
      }),
      { numRuns: 40 },
    );
  }, 240_000);
});
