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
import { balanceOf, balancesOf, platformFeeBalance } from '../ledger/balances';
import { orderCountDrift } from '../listing/order-count-drift';
import { Dec, type DecInput } from '../money/decimal';
import { applyPayinTransition } from '../payins/apply-payin-transition';
import { applyPayoutTransition } from '../payouts/apply-payout-transition';
import type { ActorType, MachineDef } from './machine';
import { payinMachine } from '../payins/payin-machine';
import { payoutMachine } from '../payouts/payout-machine';

/**
 * Random sequences of actions, by random actors, against real orders in a real database, through
 * the one transition applier (ledger effects included). After every step: the ledger invariants
 * hold, the stored state is what the machine says, a terminal state never changes again, and every
 * balance is what a model of the ledger predicts from the action alone (TigerBeetle's auditor: plain
 * decimal arithmetic per account, written from docs/ledger.md and docs/amounts.md, never from the
 * ledger code).
 */

let database: TestDatabase;
let merchantId: string;
let traderId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  merchantId = (await merchantWithBalance(database.db, '1000000.00')).merchantId;
  traderId = (await traderWithBalance(database.db, '1000000.00')).traderId;
  // The model's first page: both parties funded from the outside world, nothing else yet.
  const funded = { merchantAvailable: new Dec('1000000'), merchantFrozen: new Dec('0'), traderAvailable: new Dec('1000000'), traderFrozen: new Dec('0'), traderEscrow: new Dec('0'), fees: new Dec('0'), external: new Dec('-2000000') };
  await expectBooks(database.db, funded, 'after funding');
});
afterAll(async () => {
  await database.close();
});

const actors: ActorType[] = ['merchant', 'trader', 'operator', 'buyer', 'system'];
const eventData = (row: { orderNo: string; status: string }) => ({ orderNo: row.orderNo, status: row.status });
// Far enough ahead that every timer is due: the guards of timed transitions pass.
const later = () => new Date(Date.now() + 7 * 86_400_000);

/**
 * A step, drawn before the run and resolved against the state the order is in when it comes: mostly
 * one of the transitions declared from that state with one of its actors (so runs get deep into the
 * lifecycle: proofs, disputes, rulings, settlements), sometimes any action by any actor.
 */
const stepArbitrary = fc.record({
  anything: fc.integer({ min: 0, max: 3 }).map((n) => n === 0), // one step in four
  pick: fc.nat(),
  actorPick: fc.nat(),
  // A split ruling's part, in thousandths of what it divides (resolve_split reads it from the row).
  permille: fc.integer({ min: 1, max: 999 }),
});

function resolveStep(machine: MachineDef<string, string>, state: string, drawn: { anything: boolean; pick: number; actorPick: number; permille: number }) {
  // Transitions that move the order on and keep it open count three times: cancellations and
  // reassignments would otherwise end or stall most runs before a ruling or a settlement.
  const fromHere = machine.transitions
    .filter((t) => t.from.includes(state))
    .flatMap((t) => (machine.states[t.to]?.terminal || t.to === state ? [t] : [t, t, t]));
  if (drawn.anything || fromHere.length === 0) {
    const action = machine.transitions[drawn.pick % machine.transitions.length]!.action;
    return { action, actor: actors[drawn.actorPick % actors.length]!, permille: drawn.permille };
  }
  const transition = fromHere[drawn.pick % fromHere.length]!;
  return { action: transition.action, actor: transition.actors[drawn.actorPick % transition.actors.length]!, permille: drawn.permille };
}

/** The balances the model follows: one party of each kind, the platform's fee income and the outside world. */
interface Books {
  merchantAvailable: Dec;
  merchantFrozen: Dec;
  traderAvailable: Dec;
  traderFrozen: Dec;
  traderEscrow: Dec;
  fees: Dec;
  external: Dec;
}

/** What the ledger holds now, in the model's terms. */
async function ledgerBooks(db: Db): Promise<Books> {
  const merchant = await balancesOf(db, 'merchant', merchantId);
  const trader = await balancesOf(db, 'trader', traderId);
  return {
    merchantAvailable: new Dec(merchant.available ?? '0'),
    merchantFrozen: new Dec(merchant.frozen ?? '0'),
    traderAvailable: new Dec(trader.available ?? '0'),
    traderFrozen: new Dec(trader.frozen ?? '0'),
    traderEscrow: new Dec(trader.escrow ?? '0'),
    fees: new Dec(await platformFeeBalance(db)),
    external: new Dec(await balanceOf(db, accountIds.external)),
  };
}

const spelt = (books: Books) => Object.fromEntries(Object.entries(books).map(([account, value]) => [account, (value as Dec).toFixed(6)]));

/** The model agrees with the ledger, account by account. */
async function expectBooks(db: Db, model: Books, after: string) {
  expect(spelt(await ledgerBooks(db)), after).toEqual(spelt(model));
}

/** A transfer in the model: `amount` leaves one account and enters another. */
function shift(model: Books, from: keyof Books, to: keyof Books, amount: DecInput) {
  model[from] = model[from].minus(amount);
  model[to] = model[to].plus(amount);
}

/** docs/ledger.md, "Payouts": what each applied payout action moves. `order` holds the amounts and the split part the step set. */
function modelPayout(model: Books, action: string, order: { usdAmount: string; usdFeeAmount: string; part: string }) {
  const amount = new Dec(order.usdAmount);
  const fee = new Dec(order.usdFeeAmount);
  const held = amount.plus(fee);
  switch (action) {
    case 'confirm':
    case 'resolve_release':
      shift(model, 'merchantFrozen', 'traderAvailable', amount);
      shift(model, 'merchantFrozen', 'fees', fee);
      return;
    case 'cancel':
    case 'merchant_cancel':
    case 'resolve_refund':
      shift(model, 'merchantFrozen', 'merchantAvailable', held);
      return;
    case 'resolve_split': {
      // docs/ledger.md, "Split rulings": the fee is usdFeeAmount x part / usdAmount, half up to the cent.
      const part = new Dec(order.part);
      const partFee = fee.times(part).dividedBy(amount).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
      shift(model, 'merchantFrozen', 'traderAvailable', part);
      shift(model, 'merchantFrozen', 'fees', partFee);
      shift(model, 'merchantFrozen', 'merchantAvailable', held.minus(part).minus(partFee));
      return;
    }
    default:
      return; // accept, release_task, mark_overdue, submit_proof, dispute, ...: no value moves.
  }
}

/** docs/ledger.md, "Pay-ins": what each applied pay-in action moves, given the state it left. */
function modelPayin(model: Books, action: string, from: string, order: { assetAmount: string; usdFeeAmount: string; share: string }) {
  const asset = new Dec(order.assetAmount);
  // The fee never exceeds the amount it is taken from (docs/amounts.md, "Pay-in amounts").
  const fee = Dec.min(new Dec(order.usdFeeAmount), asset);
  switch (action) {
    case 'match':
      shift(model, 'traderAvailable', 'traderEscrow', asset);
      return;
    case 'settle':
    case 'resolve_complete':
      shift(model, 'traderEscrow', 'merchantAvailable', asset.minus(fee));
      shift(model, 'traderEscrow', 'fees', fee);
      return;
    case 'buyer_cancel':
    case 'merchant_cancel':
    case 'expire':
      // An order still matching holds no escrow.
      if (from !== 'PENDING_MATCH') shift(model, 'traderEscrow', 'traderAvailable', asset);
      return;
    case 'resolve_fail':
      shift(model, 'traderEscrow', 'traderAvailable', asset);
      return;
    case 'resolve_split': {
      // docs/ledger.md, "Split rulings": the share's fee is min(usdFeeAmount, assetAmount) x share / assetAmount, half up to 6 places.
      const share = new Dec(order.share);
      const shareFee = fee.times(share).dividedBy(asset).toDecimalPlaces(6, Dec.ROUND_HALF_UP);
      shift(model, 'traderEscrow', 'merchantAvailable', share.minus(shareFee));
      shift(model, 'traderEscrow', 'fees', shareFee);
      shift(model, 'traderEscrow', 'traderAvailable', asset.minus(share));
      return;
    }
    default:
      return; // submit_payment, confirm_receipt, begin_settlement, settlement_failed, dispute: no value moves.
  }
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
  it('payouts: terminal stays terminal, invariants hold, every balance is the model\'s, nothing stays frozen at the end', async () => {
    const { db } = database;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 100_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.array(stepArbitrary, { minLength: 1, maxLength: 16 }),
        async (usdCents, feeCents, steps) => {
          const amounts = { usdAmount: new Dec(usdCents).dividedBy(100).toFixed(2), usdFeeAmount: new Dec(feeCents).dividedBy(100).toFixed(2) };
          // Each run starts from the books the earlier runs left; from here on the model predicts them.
          const model = await ledgerBooks(db);
          const order = await insertPayout(db, merchantId, amounts);
          shift(model, 'merchantAvailable', 'merchantFrozen', new Dec(amounts.usdAmount).plus(amounts.usdFeeAmount));
          await expectBooks(db, model, 'after create');
          let state: string = order.status;
          for (const drawn of steps) {
            const step = resolveStep(payoutMachine, state, drawn);
            const part = partOf(amounts.usdAmount, step.permille, 2);
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
                  set: (_row, now) =>
                    step.action === 'accept'
                      ? { traderId, acceptedAt: now, paymentDueAt: now }
                      : step.action === 'resolve_split'
                        ? { resolutionTraderAmount: part }
                        : {},
                  eventData,
                }),
              );
              expect(wasTerminal).toBe(false);
              const declared = payoutMachine.transitions.find((t) => t.action === step.action);
              expect(declared?.from).toContain(before);
              expect(outcome.to).toBe(declared?.to);
              state = outcome.to;
              modelPayout(model, step.action, { ...amounts, part });
            } catch (error) {
              if (!isDomainError(error)) throw error;
              expect(['INVALID_ORDER_STATE', 'ACTION_NOT_ALLOWED', 'TRANSITION_NOT_DUE', 'VALIDATION_FAILED']).toContain(error.code);
              if (wasTerminal && error.code !== 'ACTION_NOT_ALLOWED') expect(error.code).toBe('INVALID_ORDER_STATE');
            }
            await expectBooks(db, model, `after ${step.actor} ${step.action} (now ${state})`);
            const [row] = await db.select({ status: payoutOrders.status }).from(payoutOrders).where(eq(payoutOrders.id, order.id));
            expect(row?.status).toBe(state);
            expect((await checkLedgerInvariants(db)).ok).toBe(true);
            expect(await orderCountDrift(db)).toEqual([]);
          }
          if (payoutMachine.states[state as keyof typeof payoutMachine.states].terminal) {
            expect(new Dec(await frozenLeftFor(db, order.id, 'frozen')).isZero()).toBe(true);
          }
        },
      ),
      { numRuns: 100 },
    );
  }, 240_000);

  it('pay-ins: terminal stays terminal, invariants hold, every balance is the model\'s, no escrow left after completion or cancellation', async () => {
    const { db } = database;
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.integer({ min: 2, max: 100_000_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.array(stepArbitrary, { minLength: 1, maxLength: 16 }),
        async (matchedAtCreation, assetMicros, feeCents, steps) => {
          const amounts = { assetAmount: new Dec(assetMicros).dividedBy(1_000_000).toFixed(6), usdFeeAmount: new Dec(feeCents).dividedBy(100).toFixed(2) };
          // Each run starts from the books the earlier runs left; from here on the model predicts them.
          const model = await ledgerBooks(db);
          const order = await insertPayin(db, merchantId, matchedAtCreation ? traderId : null, amounts.assetAmount);
          await db.update(payinOrders).set({ usdFeeAmount: amounts.usdFeeAmount }).where(eq(payinOrders.id, order.id));
          if (matchedAtCreation) shift(model, 'traderAvailable', 'traderEscrow', amounts.assetAmount);
          await expectBooks(db, model, 'after create');
          let state: string = order.status;
          for (const drawn of steps) {
            const step = resolveStep(payinMachine, state, drawn);
            const share = partOf(amounts.assetAmount, step.permille, 6);
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
                  set: (_row, now) =>
                    step.action === 'match'
                      ? { traderId, matchedAt: now }
                      : step.action === 'resolve_split'
                        ? { resolutionMerchantAmount: share }
                        : {},
                  eventData,
                }),
              );
              expect(wasTerminal).toBe(false);
              const declared = payinMachine.transitions.find((t) => t.action === step.action);
              expect(declared?.from).toContain(before);
              expect(outcome.to).toBe(declared?.to);
              modelPayin(model, step.action, before, { ...amounts, share });
              state = outcome.to;
            } catch (error) {
              if (!isDomainError(error)) throw error;
              expect(['INVALID_ORDER_STATE', 'ACTION_NOT_ALLOWED', 'TRANSITION_NOT_DUE', 'VALIDATION_FAILED']).toContain(error.code);
              if (wasTerminal && error.code !== 'ACTION_NOT_ALLOWED') expect(error.code).toBe('INVALID_ORDER_STATE');
            }
            await expectBooks(db, model, `after ${step.actor} ${step.action} (now ${state})`);
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
      { numRuns: 100 },
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
