import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { traderWithBalance } from '../../tests/fixtures/parties';
import { cliActor } from '../audit';
import { addBankAccount } from '../traders/add-bank-account';
import { setTraderOnline } from '../traders/set-online';
import { setQuote } from '../traders/set-quote';
import { payinCandidates, payinCandidatesFor, type PayinCandidateAsk } from './payin-candidates';
import { routePayin } from './route-payin';
import { payinRouteReads } from './route-payin-batches';
import { DEFAULT_ROUTING_SETTINGS } from './routing-settings';

const NOW = new Date('2026-03-02T02:00:00.000Z');

// Creates that arrive together share one routing read (docs/performance.md, "One routing read per
// batch"): each must get exactly what a read of its own would have answered.
describe.each(['postgres', 'pglite'] as const)('one routing read for several pay-ins (%s)', (kind) => {
  let database: TestDatabase;
  let db: Db;
  const traders: Record<'cheap' | 'mid' | 'dear', string> = { cheap: '', mid: '', dear: '' };

  beforeAll(async () => {
    database = await createTestDatabase(kind === 'pglite' ? { kind } : {});
    db = database.db;
    const seller = async (price: string, minFiat: string, maxFiat: string, balance: string) => {
      const trader = await traderWithBalance(db, balance);
      await setQuote(db, { traderId: trader.traderId, side: 'SELL', price, minFiat, maxFiat, actor: cliActor });
      await addBankAccount(db, { traderId: trader.traderId, holderName: 'Wang Fang', bankName: 'ICBC', accountNumber: '6212260200000000001', actor: cliActor });
      await setTraderOnline(db, { traderId: trader.traderId, online: true });
      return trader.traderId;
    };
    traders.cheap = await seller('7.1000', '1.00', '500.00', '1000.00');
    traders.mid = await seller('7.2000', '100.00', '5000.00', '100.00');
    traders.dear = await seller('7.3000', '1.00', '50000.00', '100000.00');
  });
  afterAll(() => database.close());

  const asks: PayinCandidateAsk[] = [
    { amount: { fiatAmount: '100.00' } },
    { amount: { fiatAmount: '1000.00' } },
    { amount: { assetAmount: '50' } },
    { amount: { fiatAmount: '50.00' }, maxPrice: '7.1500' },
    { amount: { fiatAmount: '1000.00' }, maxPrice: '7.0000' },
    { amount: { fiatAmount: '99999.00' } },
  ];

  it('answers each ask as its own read does, in the asks order', async () => {
    const together = await payinCandidatesFor(db, asks, { now: NOW, settings: DEFAULT_ROUTING_SETTINGS });
    const alone = await Promise.all(
      asks.map((ask) => payinCandidates(db, ask.amount, { maxPrice: ask.maxPrice, now: NOW, settings: DEFAULT_ROUTING_SETTINGS })),
    );
    expect(together).toEqual(alone);

    const traderOrder = (index: number) => together[index]!.candidates.map((c) => c.traderId);
    // 100 CNY: every quote holds it, cheapest first.
    expect(traderOrder(0)).toEqual([traders.cheap, traders.mid, traders.dear]);
    expect(together[0]!.bestPrice).toBe('7.1000');
    // 1,000 CNY is over the cheap quote's maximum; the mid trader's 100 USDT cannot escrow 138.88.
    expect(traderOrder(1)).toEqual([traders.mid, traders.dear]);
    expect(together[1]!.candidates.map((c) => c.canEscrow)).toEqual([false, true]);
    expect(together[1]!.bestPrice).toBe('7.2000');
    // 50 USDT: the CNY follows each quote's price.
    expect(together[2]!.candidates.map((c) => c.fiatAmount)).toEqual(['355.00', '360.00', '365.00']);
    // A locked rate of 7.15 keeps the dearer quotes out; 50 CNY is under the mid quote's minimum.
    expect(traderOrder(3)).toEqual([traders.cheap]);
    expect(together[4]).toEqual({ candidates: [], bestPrice: null });
    expect(together[5]).toEqual({ candidates: [], bestPrice: null });
  });

  it('routes creates that arrive together with one read, each as a read of its own would', async () => {
    const reads = payinRouteReads(db);
    const amounts = [{ fiatAmount: '100.00' }, { fiatAmount: '1000.00' }, { assetAmount: '50' }];
    const routes = await Promise.all(amounts.map((amount) => reads.submit({ amount, now: NOW })));
    const alone = await Promise.all(amounts.map((amount) => routePayin(db, amount, { now: NOW })));
    expect(routes).toEqual(alone);
    expect(routes.map((route) => route.attempts.map((attempt) => attempt.candidate.traderId))).toEqual([
      [traders.cheap, traders.mid, traders.dear],
      [traders.dear],
      [traders.cheap, traders.mid, traders.dear],
    ]);
  });
});
