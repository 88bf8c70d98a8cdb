import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { merchants, payinOrders, traderBankAccounts, traders } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { signedInOperator } from '../../tests/trpc/trpc-harness';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { cliActor } from '../audit';
import { isDomainError } from '../errors';
import { createPayin } from '../payins/create-payin';
import { matchQueuedPayin } from '../payins/match-queued-payin';
import { addBankAccount } from '../traders/add-bank-account';
import { setTraderOnline } from '../traders/set-online';
import { setQuote } from '../traders/set-quote';
import { accountRoutingStatus } from './account-routing-status';
import { DEFAULT_ROUTING_SETTINGS, routingSettings, writeRoutingSettings, type RoutingSettings } from './routing-settings';
import { seededRandom } from './seeded-random';
import type { AccountLimitsInput } from './set-account-limits';
import { setAccountLimits } from './set-account-limits';
import { whyThisTrader } from './why-this-trader';

let database: TestDatabase;
let merchant: typeof merchants.$inferSelect;
let orderSeq = 0;
const T0 = new Date('2026-03-02T02:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

beforeAll(async () => {
  database = await createTestDatabase();
  const created = await merchantWithBalance(database.db, '0');
  [merchant] = (await database.db.select().from(merchants).where(eq(merchants.id, created.merchantId))) as [typeof merchants.$inferSelect];
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  // Each test brings its own traders: the ones before it go offline.
  await database.db.update(traders).set({ online: false });
  await settings(DEFAULT_ROUTING_SETTINGS);
});

async function settings(value: RoutingSettings) {
  await database.db.transaction((tx) => writeRoutingSettings(tx, value, new Date()));
}

async function seller(price: string, bankName = 'ICBC', balance = '100000.00') {
  const trader = await traderWithBalance(database.db, balance);
  await setQuote(database.db, { traderId: trader.traderId, side: 'SELL', price, minFiat: '1.00', maxFiat: '50000.00', actor: cliActor });
  const account = await addBankAccount(database.db, { traderId: trader.traderId, holderName: 'Wang Fang', bankName, accountNumber: '6212260200000000001', actor: cliActor });
  await setTraderOnline(database.db, { traderId: trader.traderId, online: true });
  return { traderId: trader.traderId, accountId: account.id };
}

async function payin(now: Date, fiatAmount = '100.00', random?: () => number) {
  orderSeq += 1;
  const merchantOrderNo = `r-${orderSeq}`;
  return database.db.transaction((tx) => createPayin(tx, { merchant, input: { merchantOrderNo, fiatAmount }, now, random }));
}

/** Ends a matched pay-in as failed (the buyer never paid): what the expiry does, at `when`. */
async function expireAt(orderId: string, when: Date) {
  await database.db.execute(
    sql`update payin_orders set status = 'CANCELLED', cancelled_at = ${when.toISOString()}::timestamptz, expires_at = ${when.toISOString()}::timestamptz where id = ${orderId}`,
  );
}

describe('account limits', () => {
  it('a daily order limit sends the next pay-in to another trader, and resets the next day', async () => {
    const cheap = await seller('7.1000');
    const other = await seller('7.2000');
    await setAccountLimits(database.db, { traderId: cheap.traderId, bankAccountId: cheap.accountId, dailyOrderLimit: 2, dailyFiatLimit: null, minOrderFiat: null, maxOrderFiat: null, cooldownSeconds: null, actor: cliActor });
    const traderOf = async (now: Date) => (await payin(now)).order.traderId;
    expect([await traderOf(at(0)), await traderOf(at(1)), await traderOf(at(2))]).toEqual([cheap.traderId, cheap.traderId, other.traderId]);
    expect(await traderOf(at(24 * 3600))).toBe(cheap.traderId);
  });

  it('a daily CNY limit holds the sum of the day, and per-order bounds hold each amount', async () => {
    const cheap = await seller('7.1000');
    const other = await seller('7.2000');
    await setAccountLimits(database.db, { traderId: cheap.traderId, bankAccountId: cheap.accountId, dailyOrderLimit: null, dailyFiatLimit: '250.00', minOrderFiat: '50.00', maxOrderFiat: '200.00', cooldownSeconds: null, actor: cliActor });
    expect((await payin(at(0), '300.00')).order.traderId).toBe(other.traderId); // over the per-order maximum
    expect((await payin(at(1), '20.00')).order.traderId).toBe(other.traderId); // under the minimum
    expect((await payin(at(2), '150.00')).order.traderId).toBe(cheap.traderId);
    expect((await payin(at(3), '150.00')).order.traderId).toBe(other.traderId); // 300 would pass 250
    expect((await payin(at(4), '100.00')).order.traderId).toBe(cheap.traderId); // exactly 250
  });

  it('a cooldown keeps the account out until it passes', async () => {
    const cheap = await seller('7.1000');
    const other = await seller('7.2000');
    await setAccountLimits(database.db, { traderId: cheap.traderId, bankAccountId: cheap.accountId, dailyOrderLimit: null, dailyFiatLimit: null, minOrderFiat: null, maxOrderFiat: null, cooldownSeconds: 120, actor: cliActor });
    expect((await payin(at(0))).order.traderId).toBe(cheap.traderId);
    expect((await payin(at(60))).order.traderId).toBe(other.traderId);
    expect((await payin(at(120))).order.traderId).toBe(cheap.traderId);
  });

  it('limits outside the platform bounds are refused with ACCOUNT_LIMIT_OUT_OF_BOUNDS and change nothing', async () => {
    const cheap = await seller('7.1000');
    await settings({ ...DEFAULT_ROUTING_SETTINGS, limits: { ...DEFAULT_ROUTING_SETTINGS.limits, maxDailyOrders: 100, minCooldownSeconds: 60 } });
    const attempt = (limits: Partial<AccountLimitsInput>) =>
      setAccountLimits(database.db, { traderId: cheap.traderId, bankAccountId: cheap.accountId, dailyOrderLimit: null, dailyFiatLimit: null, minOrderFiat: null, maxOrderFiat: null, cooldownSeconds: null, ...limits, actor: cliActor }).then(
        () => 'ok',
        (error: unknown) => (isDomainError(error, 'ACCOUNT_LIMIT_OUT_OF_BOUNDS') ? 'refused' : error),
      );
    expect(await attempt({ dailyOrderLimit: 101 })).toBe('refused');
    expect(await attempt({ cooldownSeconds: 30 })).toBe('refused');
    expect(await attempt({ minOrderFiat: '500.00', maxOrderFiat: '100.00' })).toBe('refused');
    const [row] = await database.db.select().from(traderBankAccounts).where(eq(traderBankAccounts.id, cheap.accountId));
    expect([row!.dailyOrderLimit, row!.cooldownSeconds, row!.minOrderFiat]).toEqual([null, null, null]);
    expect(await attempt({ dailyOrderLimit: 100, cooldownSeconds: 60 })).toBe('ok');
  });
});

describe('automatic pause', () => {
  it('pauses an account after N failures within an hour, says why and when it lifts, and lifts then', async () => {
    const cheap = await seller('7.1000');
    const other = await seller('7.2000');
    await settings({ ...DEFAULT_ROUTING_SETTINGS, pauseAfterFailures: 3, pauseMinutes: 30 });
    for (let i = 0; i < 3; i += 1) {
      const { order } = await payin(at(i * 60));
      expect(order.traderId).toBe(cheap.traderId);
      await expireAt(order.id, at(i * 60 + 30));
    }
    const [status] = await accountRoutingStatus(database.db, cheap.traderId, at(200));
    expect(status!.failuresLastHour).toBe(3);
    expect(status!.pause).toEqual({ reason: '3 pay-ins failed (expired, disputed or not received) within an hour', until: at(150 + 1800).toISOString() });
    expect((await payin(at(200))).order.traderId).toBe(other.traderId);
    expect((await payin(at(150 + 1800))).order.traderId).toBe(cheap.traderId);
    const [after] = await accountRoutingStatus(database.db, cheap.traderId, at(150 + 1800));
    expect(after!.pause).toBeNull();
  });

  it('two failures within the hour do not pause', async () => {
    const cheap = await seller('7.1000');
    await seller('7.2000');
    await settings({ ...DEFAULT_ROUTING_SETTINGS, pauseAfterFailures: 3 });
    for (let i = 0; i < 2; i += 1) await expireAt((await payin(at(i * 60))).order.id, at(i * 60 + 30));
    expect((await payin(at(200))).order.traderId).toBe(cheap.traderId);
  });
});

describe('scored routing', () => {
  it('stores the score and its parts with the match, read back as "why this trader"', async () => {
    await seller('7.1000');
    await seller('7.1100');
    await settings({ ...DEFAULT_ROUTING_SETTINGS, mode: 'scored' });
    const { order } = await payin(at(0), '100.00', seededRandom(5));
    const why = await whyThisTrader(database.db, order.id);
    expect(why.traderId).toBe(order.traderId);
    expect(why.routing).toMatchObject({ mode: 'scored', attempt: 0, candidates: 2 });
    const score = (why.routing as { score: { score: number; points: Record<string, number>; penalty: number } }).score;
    expect(Object.keys(score.points).sort()).toEqual(['amountFit', 'balance', 'bankHealth', 'cooldown', 'headroom', 'price', 'reputation', 'success']);
    const sum = Object.values(score.points).reduce((a, b) => a + b, 0) - score.penalty;
    expect(score.score).toBeCloseTo(sum, 2);
  });

  it('a failing account loses its share to a reliable one at a slightly worse price', async () => {
    const flaky = await seller('7.1000');
    const steady = await seller('7.1050');
    await settings({ ...DEFAULT_ROUTING_SETTINGS, mode: 'scored', exploration: 0 });
    // Flaky failed 2 of its last orders, an hour and more ago (no pause, no recent penalty).
    for (let i = 0; i < 6; i += 1) {
      const { order } = await payin(at(i), '100.00', () => 0);
      await database.db.update(payinOrders).set({ traderId: flaky.traderId, traderBankAccountId: flaky.accountId }).where(eq(payinOrders.id, order.id));
      await expireAt(order.id, at(60 + i));
    }
    const random = seededRandom(11);
    const counts = new Map<string, number>();
    for (let i = 0; i < 20; i += 1) {
      const { order } = await payin(at(4000 + i * 300), '100.00', random);
      counts.set(order.traderId as string, (counts.get(order.traderId as string) ?? 0) + 1);
    }
    expect(counts.get(steady.traderId) ?? 0).toBeGreaterThan(counts.get(flaky.traderId) ?? 0);
  });
});

describe('fallback and concurrency', () => {
  it('concurrent matches never take an account past its limit: the refused ones fall back to the next candidate', async () => {
    const cheap = await seller('7.1000');
    const other = await seller('7.2000');
    await setAccountLimits(database.db, { traderId: cheap.traderId, bankAccountId: cheap.accountId, dailyOrderLimit: 3, dailyFiatLimit: null, minOrderFiat: null, maxOrderFiat: null, cooldownSeconds: null, actor: cliActor });
    const created = await Promise.all(Array.from({ length: 10 }, (_, i) => payin(at(i % 2))));
    const onCheap = created.filter((c) => c.order.traderId === cheap.traderId).length;
    const onOther = created.filter((c) => c.order.traderId === other.traderId).length;
    expect(onCheap).toBe(3);
    expect(onOther).toBe(7);
    const [row] = await database.db.select().from(traderBankAccounts).where(eq(traderBankAccounts.id, cheap.accountId));
    expect(row!.usageOrders).toBe(3);
  });

  it('a queued pay-in is matched within the limits too', async () => {
    const cheap = await seller('7.1000');
    await setAccountLimits(database.db, { traderId: cheap.traderId, bankAccountId: cheap.accountId, dailyOrderLimit: 1, dailyFiatLimit: null, minOrderFiat: null, maxOrderFiat: null, cooldownSeconds: null, actor: cliActor });
    expect((await payin(at(0))).order.status).toBe('PENDING_PAYMENT');
    const queued = (await payin(at(1))).order;
    expect(queued.status).toBe('PENDING_MATCH');
    expect(await database.db.transaction((tx) => matchQueuedPayin(tx, { orderId: queued.id, now: at(2) }))).toBe(false);
    expect(await database.db.transaction((tx) => matchQueuedPayin(tx, { orderId: queued.id, now: at(24 * 3600 - 7200) }))).toBe(false);
  });
});

describe('routing settings as a control', () => {
  it('change only through a control change a second operator approves, audited; a bad value is refused', async () => {
    const proposer = await signedInOperator(database.db);
    const approver = await signedInOperator(database.db);
    const value = { ...DEFAULT_ROUTING_SETTINGS, mode: 'scored' as const, pauseAfterFailures: 3 };
    const proposed = await proposer.caller.operator.controls.propose({ control: 'routing', value, reason: 'Route on reliability.' });
    expect((await routingSettings(database.db)).value.mode).toBe('price');
    await approver.caller.operator.controls.decide({ changeId: proposed.changeId, decision: 'approve' });
    expect((await routingSettings(database.db)).value).toEqual(value);
    const refused = await proposer.caller.operator.controls
      .propose({ control: 'routing', value: { ...value, exploration: 0.9 }, reason: 'Explore a lot.' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect((await routingSettings(database.db)).value).toEqual(value);
  });
});

describe('settings stored before reputation and the new-trader gate', () => {
  it('read with the reputation weight at 0 and the gate off, so they route as they did', async () => {
    const { reputation: _reputation, ...weights } = DEFAULT_ROUTING_SETTINGS.weights;
    const { newTrader: _newTrader, ...older } = { ...DEFAULT_ROUTING_SETTINGS, mode: 'scored' as const, weights };
    await database.db.execute(sql`update platform_settings set value = ${JSON.stringify(older)}::jsonb where key = 'routing'`);
    const { value } = await routingSettings(database.db);
    expect(value.mode).toBe('scored');
    expect(value.weights.reputation).toBe(0);
    expect(value.newTrader.enabled).toBe(false);
  });
});
