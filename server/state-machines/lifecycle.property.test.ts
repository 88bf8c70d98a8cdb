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
  return fc.oneof({ arbitrary: declared, weight: 4 }, { arbitrary: anything, weight: 1 });
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
                set: (_row, now) => (step.action === 'accept' ? { traderId, acceptedAt: now, paymentDueAt: now } : {}),
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
                  set: (_row, now) => (step.action === 'match' ? { traderId, matchedAt: now } : {}),
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
