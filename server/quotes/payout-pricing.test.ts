import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor } from '../audit/audit-actor';
import { payoutTrader } from '../../tests/api/api-harness';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { setQuote } from '../traders/set-quote';
import { setTraderOnline } from '../traders/set-online';
import { bestPayoutQuote } from './best-payout-quote';
import { payoutPricing } from './payout-pricing';
import { referenceRate } from './reference-rate';
import { clearReferenceRateOverride, setReferenceRateOverride } from './reference-rate-override';

// The create's one-statement read must answer exactly what the two modules it nests answer.
describe.each(['default', 'pglite'] as const)('payout pricing in one statement (%s)', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind === 'pglite' ? { kind: 'pglite' } : {});
  });
  afterAll(async () => {
    await database.close();
  });

  const both = async (amount: { fiatAmount: string } | { usdAmount: string }) => ({
    separate: { quote: await bestPayoutQuote(database.db, amount), referenceRate: await referenceRate(database.db, 'BUY') },
    together: await payoutPricing(database.db, amount),
  });

  it('answers no quote and no rate without traders, then the best quote and the median', async () => {
    expect(await payoutPricing(database.db, { fiatAmount: '100.00' })).toEqual({ quote: null, referenceRate: null });

    const cheap = await payoutTrader(database.db, '7.0100');
    const best = await payoutTrader(database.db, '7.2000');
    const small = await payoutTrader(database.db, '7.3000');
    await setQuote(database.db, { traderId: small.traderId, side: 'BUY', price: '7.3000', minFiat: '1.00', maxFiat: '50.00', actor: cliActor });

    for (const amount of [{ fiatAmount: '100.00' }, { fiatAmount: '40.00' }, { usdAmount: '10.00' }, { usdAmount: '5.00' }, { fiatAmount: '5000000.00' }]) {
      const { separate, together } = await both(amount);
      expect(together).toEqual(separate);
    }
    expect((await payoutPricing(database.db, { fiatAmount: '100.00' })).quote).toEqual({ traderId: best.traderId, price: '7.2000' });
    expect((await payoutPricing(database.db, { fiatAmount: '40.00' })).quote?.traderId).toBe(small.traderId);
    expect((await payoutPricing(database.db, { fiatAmount: '100.00' })).referenceRate).toBe('7.2000');

    await setTraderOnline(database.db, { traderId: cheap.traderId, online: false });
    const { separate, together } = await both({ fiatAmount: '100.00' });
    expect(together).toEqual(separate);
  });

  it('takes the operator override over the median, and the median again once it is cleared', async () => {
    await payoutTrader(database.db, '7.1000');
    await setReferenceRateOverride(database.db, '7.5555', cliActor);
    const overridden = await both({ fiatAmount: '100.00' });
    expect(overridden.together).toEqual(overridden.separate);
    expect(overridden.together.referenceRate).toBe('7.5555');

    await clearReferenceRateOverride(database.db, cliActor);
    const cleared = await both({ fiatAmount: '100.00' });
    expect(cleared.together).toEqual(cleared.separate);
    expect(cleared.together.referenceRate).not.toBe('7.5555');
  });
});
