import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Db } from '../../db/client';
import { merchants, payinOrders } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { cliActor } from '../audit';
import { applyPayinTransition } from '../payins/apply-payin-transition';
import { createPayin } from '../payins/create-payin';
import { payinDetailView } from '../payins/payin-view';
import { releasePayin } from '../payins/release-payin';
import { addBankAccount } from '../traders/add-bank-account';
import { setTraderOnline } from '../traders/set-online';
import { setQuote } from '../traders/set-quote';
import { payinCandidates } from './payin-candidates';
import { pruneRoutingCompletions } from './prune-routing-completions';
import { DEFAULT_ROUTING_SETTINGS, MAX_WINDOW_MINUTES } from './routing-settings';

const T0 = new Date('2026-03-02T02:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

// Routing's success rates read completions from routing_account_completions, kept by triggers on
// payin_orders (docs/performance.md, "The routing read"): the counts must equal the orders' own.
describe.each(['postgres', 'pglite'] as const)('routing completions per account and minute (%s)', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let merchant: typeof merchants.$inferSelect;
  let accountA: string;
  let accountB: string;
  let traderA: string;
  let orderSeq = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind === 'pglite' ? { kind } : {});
    db = database.db;
    const created = await merchantWithBalance(db, '0');
    [merchant] = (await db.select().from(merchants).where(eq(merchants.id, created.merchantId))) as [typeof merchants.$inferSelect];
    const seller = async (price: string) => {
      const trader = await traderWithBalance(db, '100000.00');
      await setQuote(db, { traderId: trader.traderId, side: 'SELL', price, minFiat: '1.00', maxFiat: '50000.00', actor: cliActor });
      const account = await addBankAccount(db, { traderId: trader.traderId, holderName: 'Wang Fang', bankName: 'ICBC', accountNumber: '6212260200000000001', actor: cliActor });
      await setTraderOnline(db, { traderId: trader.traderId, online: true });
      return { traderId: trader.traderId, accountId: account.id };
    };
    ({ traderId: traderA, accountId: accountA } = await seller('7.1000'));
    ({ accountId: accountB } = await seller('7.2000'));
  });
  afterAll(() => database.close());

  const payin = async (now: Date) => {
    orderSeq += 1;
    const { order } = await db.transaction((tx) => createPayin(tx, { merchant, input: { merchantOrderNo: `c-${orderSeq}`, fiatAmount: '100.00' }, now }));
    return order;
  };
  const complete = async (orderId: string, now: Date) => {
    await db.transaction((tx) =>
      applyPayinTransition(tx, { orderId, action: 'submit_payment', actor: { type: 'buyer' }, now, set: () => ({ paymentSubmittedAt: now }), eventData: payinDetailView }),
    );
    await releasePayin(db, { traderId: traderA, orderId }, now);
  };
  /** Where the kept counts differ from a count of the orders themselves (empty: exact). */
  const drift = async () =>
    rowsOf<{ account_id: string; minute: string; kept: number; counted: number }>(
      await db.execute(sql`
        with counted as (
          select trader_bank_account_id as account_id, date_bin('1 minute', matched_at, '2000-01-01 00:00:00+00') as minute, count(*)::int as n
          from payin_orders where payin_outcome(status, disputed_at, cancelled_at, expires_at) = 'completed' group by 1, 2
        )
        select coalesce(k.account_id, c.account_id) as account_id, coalesce(k.minute, c.minute)::text as minute,
               coalesce(k.completed, 0) as kept, coalesce(c.n, 0) as counted
        from routing_account_completions k full join counted c on c.account_id = k.account_id and c.minute = k.minute
        where coalesce(k.completed, 0) <> coalesce(c.n, 0)`),
    );
  const signalsOf = async (accountId: string, now: Date) => {
    const { candidates } = await payinCandidates(db, { fiatAmount: '100.00' }, { now, settings: DEFAULT_ROUTING_SETTINGS });
    const candidate = candidates.find((c) => c.bankAccountId === accountId);
    if (!candidate) throw new Error(`account ${accountId} is not a candidate`);
    return candidate.signals;
  };

  it('counts a release where the order was matched, and takes it back when the order is disputed, moved or deleted', async () => {
    const orders = [];
    for (let i = 0; i < 6; i += 1) orders.push(await payin(at(i * 40)));
    expect(orders.every((o) => o.traderBankAccountId === accountA)).toBe(true);
    for (const order of orders.slice(0, 4)) await complete(order.id, at(300));
    expect(await drift()).toEqual([]);
    // Matched at 0, 40, 80 and 120 s: three minutes.
    expect((await signalsOf(accountA, at(400))).completed).toBe(4);

    // A completed pay-in disputed afterwards is a failure, not a completion.
    await db.update(payinOrders).set({ disputedAt: at(500) }).where(eq(payinOrders.id, orders[0]!.id));
    // One moved to another account (an operator's correction) counts there.
    await db.update(payinOrders).set({ traderBankAccountId: accountB }).where(eq(payinOrders.id, orders[1]!.id));
    expect(await drift()).toEqual([]);
    const a = await signalsOf(accountA, at(600));
    expect([a.completed, a.failed]).toEqual([2, 1]);
    expect((await signalsOf(accountB, at(600))).completed).toBe(1);

    // Many rows in one statement (a bulk load) count once each; a deleted one no longer counts.
    const copied = rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into payin_orders
        select (jsonb_populate_record(null::payin_orders, to_jsonb(o) || jsonb_build_object(
                 'id', gen_random_uuid(), 'order_no', o.order_no || '-' || g, 'merchant_order_no', o.merchant_order_no || '-' || g,
                 'pay_token_hash', md5(o.pay_token_hash || g)))).*
        from payin_orders o, generate_series(1, 3) g
        where o.trader_bank_account_id = ${accountA} and o.status = 'COMPLETED' and o.disputed_at is null
        returning id`),
    );
    expect(copied).toHaveLength(6);
    expect(await drift()).toEqual([]);
    expect((await signalsOf(accountA, at(700))).completed).toBe(8);
    await db.execute(sql`delete from payin_orders where id = ${orders[2]!.id}`);
    expect(await drift()).toEqual([]);
    expect((await signalsOf(accountA, at(700))).completed).toBe(7);
  });

  it('counts only the minutes of the window: an order matched before it no longer counts', async () => {
    const order = await payin(at(1000));
    await complete(order.id, at(1100));
    const before = (await signalsOf(accountA, at(1200))).completed;
    // Three hours (the default window) and two minutes after the match, that minute has left the window.
    const after = (await signalsOf(accountA, at(1000 + DEFAULT_ROUTING_SETTINGS.windowMinutes * 60 + 120))).completed;
    expect(before - after).toBeGreaterThanOrEqual(1);
    expect(after).toBe(0);
  });

  it('prunes minutes older than the longest window, and nothing newer', async () => {
    const [{ n: kept } = { n: 0 }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from routing_account_completions`));
    expect(kept).toBeGreaterThan(0);
    expect(await pruneRoutingCompletions(db, at(MAX_WINDOW_MINUTES * 60))).toBe(0);
    expect(await pruneRoutingCompletions(db, at(MAX_WINDOW_MINUTES * 60 + 3600 * 2))).toBe(kept);
  });
});
