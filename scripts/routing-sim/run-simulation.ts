import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { merchants } from '../../db/schema';
import { cliActor } from '../../server/audit';
import { isDomainError } from '../../server/errors';
import { adjustBalance } from '../../server/balances/adjust-balance';
import { createMerchant } from '../../server/merchants/create-merchant';
import { applyPayinTransition } from '../../server/payins/apply-payin-transition';
import { createPayin } from '../../server/payins/create-payin';
import { matchQueuedPayin } from '../../server/payins/match-queued-payin';
import { payinDetailView } from '../../server/payins/payin-view';
import { releasePayinWithin } from '../../server/payins/release-payin';
import { writeRoutingSettings, type RoutingSettings } from '../../server/routing/routing-settings';
import { seededRandom } from '../../server/routing/seeded-random';
import { setAccountLimits } from '../../server/routing/set-account-limits';
import { addBankAccount } from '../../server/traders/add-bank-account';
import { createTrader } from '../../server/traders/create-trader';
import { setTraderOnline } from '../../server/traders/set-online';
import { setQuote } from '../../server/traders/set-quote';
import { moveBond } from '../../server/bond/move-bond';
import { traderExposure } from '../../server/bond/trader-exposure';
import { Dec } from '../../server/money/decimal';
import { createOperator } from '../../server/users/create-operator';
import { EventQueue } from './event-queue';
import { PayoutSimulation, type PayoutEvent, type PayoutSimResult } from './payout-sim';
import { simTraders, bankFactor, type SimTrader } from './sim-traders';

export interface SimResult {
  label: string;
  payins: number;
  completed: number;
  expiredMatched: number;
  expiredUnmatched: number;
  disputed: number;
  medianMatchSeconds: number | null;
  medianCompleteSeconds: number | null;
  worstThreeShare: number;
  breaches: number;
  /** With --bond: the highest open exposure over cap seen after any match (at most 1), and matches that left a trader above it (must be 0). */
  maxExposureOverCap: string | null;
  capBreaches: number;
  /** The day's payouts, dispatched alongside the pay-ins (docs/routing.md, "Payout dispatch"). */
  payouts: PayoutSimResult;
}

const DAY_START = new Date('2026-03-02T16:00:00.000Z'); // midnight in China Standard Time
const DAY_SECONDS = 86_400;
const RETRY_SECONDS = 30;
// PostgreSQL's autovacuum refreshes the planner's statistics as tables grow; the development
// server runs with it off, so the simulation does it every simulated hour (without it, the planner
// takes the day's tables for empty and nests the routing statements' aggregates in loops).
const ANALYZE_EVERY_SECONDS = 3600;

type Event =
  | PayoutEvent
  | { kind: 'arrive'; index: number }
  | { kind: 'retry'; orderId: string; index: number }
  | { kind: 'pay'; orderId: string; traderId: string; release: boolean }
  | { kind: 'answer'; orderId: string; traderId: string; release: boolean }
  | { kind: 'expire'; orderId: string };

/** What the buyer of each pay-in does, drawn from the seed alone: the same in every routing mode. */
interface Buyer {
  at: number;
  fiatAmount: string;
  /** Below the trader's reliability at the match: the payment goes through. */
  luck: number;
  /** A failure is a dispute (the trader says not received) rather than an expiry when below 0.3. */
  disputeDraw: number;
  paySeconds: number;
}

function buyers(seed: number, count: number): Buyer[] {
  const random = seededRandom(seed);
  const list: Buyer[] = [];
  let at = 0;
  for (let i = 0; i < count; i += 1) {
    at += -Math.log(1 - random()) * (DAY_SECONDS / count);
    // Log-normal around 1,500 CNY, between 100 and 50,000.
    const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    const amount = Math.min(50_000, Math.max(100, Math.round(Math.exp(Math.log(1500) + 0.8 * normal))));
    list.push({ at: Math.min(at, DAY_SECONDS - 1), fiatAmount: `${amount}.00`, luck: random(), disputeDraw: random(), paySeconds: 120 + random() * 480 });
  }
  return list;
}

/** Runs one routing mode over the simulated day on an empty migrated database. */
export async function runSimulation(
  db: Db,
  input: { seed: number; payins: number; payouts: number; settings: RoutingSettings; label: string; bond?: string },
): Promise<SimResult> {
  await db.transaction((tx) => writeRoutingSettings(tx, input.settings, DAY_START));
  const created = await createMerchant(db, { name: 'Sim shop', payoutFeeBps: 0, payinFeeBps: 0, actor: cliActor });
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, created.merchantId));
  const traders = simTraders(input.payins / 20_000);
  const byId = new Map<string, SimTrader>();
  for (const trader of traders) {
    const made = await createTrader(db, { name: trader.name, email: `${trader.name}@sim.local`, password: 'correct horse battery' }, cliActor);
    await adjustBalance(db, { owner: { type: 'trader', id: made.traderId }, direction: 'credit', amount: trader.balance, memo: 'simulation funding' }, cliActor);
    await setQuote(db, { traderId: made.traderId, side: 'SELL', price: trader.price, minFiat: '100.00', maxFiat: '50000.00', actor: cliActor });
    await setQuote(db, { traderId: made.traderId, side: 'BUY', price: trader.buyPrice, minFiat: '100.00', maxFiat: '50000.00', actor: cliActor });
    const account = await addBankAccount(db, { traderId: made.traderId, holderName: 'Sim Holder', bankName: trader.bank, accountNumber: '6212260200000000001', actor: cliActor });
    await setAccountLimits(db, { traderId: made.traderId, bankAccountId: account.id, ...trader.limits, actor: cliActor });
    if (input.bond) await moveBond(db, { traderId: made.traderId, direction: 'in', amount: input.bond, actor: cliActor });
    await setTraderOnline(db, { traderId: made.traderId, online: true });
    byId.set(made.traderId, trader);
  }

  // With a bond, every match is followed by a look at its trader's exposure against the cap (docs/routing.md, "Bond and exposure").
  let maxExposureOverCap = new Dec('0');
  let capBreaches = 0;
  const checkCap = async (traderId: string) => {
    if (!input.bond) return;
    const exposure = await traderExposure(db, traderId, input.settings.bond);
    const share = new Dec(exposure.exposure).div(exposure.cap);
    if (share.gt(maxExposureOverCap)) maxExposureOverCap = share;
    if (share.gt(1)) capBreaches += 1;
  };

  const routingRandom = seededRandom(input.seed * 7919 + 1);
  const plan = buyers(input.seed, input.payins);
  const queue = new EventQueue<Event>();
  plan.forEach((buyer, index) => queue.push(buyer.at, { kind: 'arrive', index }));
  const when = (seconds: number) => new Date(DAY_START.getTime() + seconds * 1000);
  // The merchant pays out too; an operator reassigns overdue payouts.
  await adjustBalance(db, { owner: { type: 'merchant', id: merchant!.id }, direction: 'credit', amount: '5000000.00', memo: 'simulation funding' }, cliActor);
  const operator = await createOperator(db, { email: 'operator@sim.local', password: 'correct horse battery', displayName: 'Sim operator' }, cliActor);
  const payouts = new PayoutSimulation(db, {
    seed: input.seed,
    payouts: input.payouts,
    merchant: merchant!,
    byId,
    operatorId: operator.userId,
    settings: input.settings,
    dayStart: DAY_START,
    push: (at, event) => queue.push(at, event),
  });

  // What happens once a pay-in is matched: paid and released, disputed, or left to expire.
  const afterMatch = (orderId: string, traderId: string, index: number, matchedAt: number) => {
    const buyer = plan[index]!;
    const trader = byId.get(traderId)!;
    const expiresAt = buyer.at + 900;
    const paidAt = matchedAt + buyer.paySeconds;
    const works = buyer.luck < trader.reliability * bankFactor(trader.bank, matchedAt);
    if (paidAt < expiresAt && works) queue.push(paidAt, { kind: 'pay', orderId, traderId, release: true });
    else if (paidAt < expiresAt && buyer.disputeDraw < 0.3) queue.push(paidAt, { kind: 'pay', orderId, traderId, release: false });
    else queue.push(expiresAt, { kind: 'expire', orderId });
  };

  let nextAnalyze = ANALYZE_EVERY_SECONDS;
  for (let next = queue.pop(); next; next = queue.pop()) {
    const [at, event] = next;
    if (at >= nextAnalyze) {
      await db.execute(sql`analyze`);
      nextAnalyze += ANALYZE_EVERY_SECONDS;
    }
    const now = when(at);
    if (isPayoutEvent(event)) {
      await payouts.handle(at, event, now);
    } else if (event.kind === 'arrive') {
      const buyer = plan[event.index]!;
      const { order } = await db.transaction((tx) =>
        createPayin(tx, { merchant: merchant!, input: { merchantOrderNo: `sim-${event.index}`, fiatAmount: buyer.fiatAmount }, now, random: routingRandom }),
      ).catch((error: unknown) => {
        if (isDomainError(error, 'NO_LIQUIDITY')) return { order: null };
        throw error;
      });
      if (!order) continue;
      if (order.traderId) {
        afterMatch(order.id, order.traderId, event.index, at);
        await checkCap(order.traderId);
      } else {
        queue.push(at + RETRY_SECONDS, { kind: 'retry', orderId: order.id, index: event.index });
        queue.push(buyer.at + 900, { kind: 'expire', orderId: order.id });
      }
    } else if (event.kind === 'retry') {
      if (at >= plan[event.index]!.at + 900) continue;
      const matched = await db.transaction((tx) => matchQueuedPayin(tx, { orderId: event.orderId, now, random: routingRandom }));
      if (matched) {
        const rows = rowsOf<{ traderId: string }>(await db.execute(sql`select trader_id as "traderId" from payin_orders where id = ${event.orderId}`));
        // Its expiry event is already queued; a buyer who pays in time cancels nothing (the expiry then finds it paid).
        afterMatch(event.orderId, rows[0]!.traderId, event.index, at);
        await checkCap(rows[0]!.traderId);
      } else queue.push(at + RETRY_SECONDS, event);
    } else if (event.kind === 'pay') {
      await db.transaction((tx) =>
        applyPayinTransition(tx, { orderId: event.orderId, action: 'submit_payment', actor: { type: 'buyer' }, now, set: () => ({ paymentSubmittedAt: now }), eventData: payinDetailView }),
      );
      // The trader answers a minute later, as an event of its own: routing must not see a release
      // (or a dispute) before the time it happens.
      queue.push(at + 60, { kind: 'answer', orderId: event.orderId, traderId: event.traderId, release: event.release });
    } else if (event.kind === 'answer') {
      if (event.release) await db.transaction((tx) => releasePayinWithin(tx, { traderId: event.traderId, orderId: event.orderId }, now));
      else {
        const reason = 'The money did not arrive.';
        await db.transaction((tx) =>
          applyPayinTransition(tx, {
            orderId: event.orderId,
            action: 'dispute',
            actor: { type: 'trader', id: event.traderId },
            now,
            context: { reason },
            note: reason,
            set: () => ({ disputeReason: reason, disputedAt: now }),
            eventData: payinDetailView,
          }),
        );
      }
    } else {
      await db.transaction(async (tx) => {
        const rows = rowsOf<{ status: string }>(await tx.execute(sql`select status from payin_orders where id = ${event.orderId} for update`));
        if (rows[0]?.status !== 'PENDING_PAYMENT' && rows[0]?.status !== 'PENDING_MATCH') return;
        await applyPayinTransition(tx, {
          orderId: event.orderId,
          action: 'expire',
          actor: { type: 'system' },
          now,
          guardFrom: (row) => ({ dueAt: row.expiresAt }),
          set: () => ({ cancelledAt: now }),
          eventData: payinDetailView,
        });
      });
    }
  }
  const worstIds = worstTraderIds(traders, byId);
  return {
    ...(await measure(db, input, worstIds)),
    maxExposureOverCap: input.bond ? maxExposureOverCap.toFixed(4) : null,
    capBreaches,
    payouts: await payouts.measure(worstIds),
  };
}

const isPayoutEvent = (event: Event): event is PayoutEvent => event.kind.startsWith('payout_');

/** The ids of the 3 least reliable traders. */
function worstTraderIds(traders: SimTrader[], byId: Map<string, SimTrader>): string[] {
  const worst = [...traders].sort((a, b) => a.reliability - b.reliability).slice(0, 3).map((t) => t.name);
  return [...byId].filter(([, t]) => worst.includes(t.name)).map(([id]) => id);
}

async function measure(db: Db, input: { payins: number; label: string }, worstIds: string[]): Promise<Omit<SimResult, 'maxExposureOverCap' | 'capBreaches' | 'payouts'>> {
  const [totals] = rowsOf<Record<string, string | null>>(
    await db.execute(sql`
      select count(*) filter (where status = 'COMPLETED') as completed,
             count(*) filter (where status = 'CANCELLED' and trader_id is not null) as expired_matched,
             count(*) filter (where status = 'CANCELLED' and trader_id is null) as expired_unmatched,
             count(*) filter (where disputed_at is not null) as disputed,
             count(*) filter (where trader_id is not null) as matched,
             percentile_cont(0.5) within group (order by extract(epoch from matched_at - created_at)) filter (where matched_at is not null) as median_match,
             percentile_cont(0.5) within group (order by extract(epoch from completed_at - created_at)) filter (where completed_at is not null) as median_complete
      from payin_orders`),
  );
  const [onWorst] = rowsOf<{ count: string }>(
    await db.execute(sql`select count(*) from payin_orders where trader_id in (${sql.join(worstIds.map((id) => sql`${id}::uuid`), sql`, `)})`),
  );
  const matched = Number(totals!.matched);
  return {
    label: input.label,
    payins: input.payins,
    completed: Number(totals!.completed),
    expiredMatched: Number(totals!.expired_matched),
    expiredUnmatched: Number(totals!.expired_unmatched) + (input.payins - (await countOrders(db))),
    disputed: Number(totals!.disputed),
    medianMatchSeconds: totals!.median_match === null ? null : Number(totals!.median_match),
    medianCompleteSeconds: totals!.median_complete === null ? null : Number(totals!.median_complete),
    worstThreeShare: matched === 0 ? 0 : Number(onWorst!.count) / matched,
    breaches: await limitBreaches(db),
  };
}

async function countOrders(db: Db): Promise<number> {
  const [row] = rowsOf<{ count: string }>(await db.execute(sql`select count(*) from payin_orders`));
  return Number(row!.count);
}

/**
 * Limit breaches counted from the orders themselves, not from the counters the match keeps: per
 * account and China Standard Time day, orders over the daily count, CNY over the daily amount,
 * an order outside the per-order bounds, or two matches closer than the cooldown.
 */
async function limitBreaches(db: Db): Promise<number> {
  const [row] = rowsOf<{ breaches: string }>(
    await db.execute(sql`
      with matched as (
        select o.trader_bank_account_id as account, o.fiat_amount, o.matched_at,
               (o.matched_at at time zone 'Asia/Shanghai')::date as day,
               lag(o.matched_at) over (partition by o.trader_bank_account_id order by o.matched_at) as previous
        from payin_orders o where o.matched_at is not null
      ), per_day as (
        select account, day, count(*) as orders, sum(fiat_amount) as fiat from matched group by account, day
      )
      select
        (select count(*) from per_day d join trader_bank_accounts b on b.id = d.account
           where (b.daily_order_limit is not null and d.orders > b.daily_order_limit) or (b.daily_fiat_limit is not null and d.fiat > b.daily_fiat_limit))
        + (select count(*) from matched m join trader_bank_accounts b on b.id = m.account
           where (b.min_order_fiat is not null and m.fiat_amount < b.min_order_fiat) or (b.max_order_fiat is not null and m.fiat_amount > b.max_order_fiat)
              or (b.cooldown_seconds is not null and m.previous is not null and m.matched_at - m.previous < b.cooldown_seconds * interval '1 second'))
        as breaches`),
  );
  return Number(row!.breaches);
}
