import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError, isDomainError } from '@/server/errors';
import { dec } from './decimal';
import { computePayoutAmounts, type PayoutAmountsInput } from './payout-amounts';

const base = { referenceRate: '7.1500', feeBps: 0 };

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('payout from fiatAmount: usdAmount = fiat / rate rounded UP to 0.01', () => {
  it.each([
    ['715.00', '7.1500', '100.00'], // exact division
    ['715.01', '7.1500', '100.01'], // one unit over
    ['1000.00', '7.1234', '140.39'], // 140.3824...
    ['712.34', '7.1234', '100.00'], // exact
    ['712.35', '7.1234', '100.01'], // one unit over
    ['7.12', '7.1234', '1.00'], // 0.9995...
    ['7.13', '7.1234', '1.01'],
    ['699.99', '6.9999', '100.00'], // exact
    ['700.00', '6.9999', '100.01'], // 100.0014...
    ['0.01', '7.1234', '0.01'], // the smallest payout still debits a cent
    ['999999999999.99', '6.9999', '142859183702.63'],
  ])('%s CNY at %s is %s USDT; the trader pays the fiat exactly', (fiatAmount, rate, usdAmount) => {
    const amounts = computePayoutAmounts({ ...base, fiatAmount, rate });
    expect(amounts.usdAmount).toBe(usdAmount);
    expect(amounts.lockedFiatAmount).toBe(fiatAmount);
    expect(amounts.fiatAmount).toBe(fiatAmount);
  });
});

describe('payout from usdAmount: lockedFiatAmount = usd x rate rounded DOWN to 0.01', () => {
  it.each([
    ['100.00', '7.1234', '712.34'], // exact
    ['140.39', '7.1234', '1000.05'], // 1000.054126
    ['100.00', '6.9999', '699.99'],
    ['100.01', '6.9999', '700.05'], // 700.059999
    ['0.01', '7.1234', '0.07'], // 0.071234
    ['0.02', '0.5000', '0.01'],
    ['999999999999.99', '7.1234', '7123399999999.92'],
  ])('%s USDT at %s locks %s CNY', (usdAmount, rate, locked) => {
    const amounts = computePayoutAmounts({ ...base, usdAmount, rate });
    expect(amounts.usdAmount).toBe(usdAmount);
    expect(amounts.lockedFiatAmount).toBe(locked);
    expect(amounts.fiatAmount).toBe(locked);
  });
});

describe('payout fee and freeze', () => {
  it.each([
    ['100.00', 0, '0.00', '100.000000'],
    ['100.00', 1, '0.01', '100.010000'],
    ['100.01', 1, '0.02', '100.030000'],
    ['100.00', 35, '0.35', '100.350000'],
    ['140.39', 35, '0.50', '140.890000'],
    ['100.00', 10_000, '100.00', '200.000000'],
  ])('%s USDT at %i bps: fee %s, freeze %s', (usdAmount, feeBps, fee, freeze) => {
    const amounts = computePayoutAmounts({ usdAmount, rate: '7.1234', referenceRate: '7.1234', feeBps });
    expect(amounts.usdFeeAmount).toBe(fee);
    expect(amounts.freezeAmount).toBe(freeze);
  });
});

describe('payout reference amount and slippage', () => {
  it('a full example', () => {
    expect(computePayoutAmounts({ fiatAmount: '1000.00', rate: '7.1234', referenceRate: '7.1500', feeBps: 35 })).toEqual({
      fiatAmount: '1000.00',
      usdAmount: '140.39',
      usdFeeAmount: '0.50',
      lockedFiatAmount: '1000.00',
      referenceFiatAmount: '1003.79', // 140.39 x 7.15 = 1003.7885
      slippage: '-0.00372', // -0.0037202797...
      fxRate: '7.1234',
      freezeAmount: '140.890000',
    });
  });

  it.each([
    ['1.00', '7.1250', '7.13'], // 7.125: a tie rounds half UP
    ['100.00', '7.1234', '712.34'],
    ['0.01', '7.1234', '0.07'], // 0.071234
  ])('referenceFiatAmount of %s USDT at reference %s is %s', (usdAmount, referenceRate, reference) => {
    expect(computePayoutAmounts({ usdAmount, rate: '7.0000', referenceRate, feeBps: 0 }).referenceFiatAmount).toBe(reference);
  });

  it.each([
    ['7.1500', '7.1500', '0'],
    ['7.9720', '8.0000', '-0.0035'],
    ['7.2000', '7.1750', '0.003484'],
    ['8.2000', '8.1000', '0.012346'],
    ['8.0001', '8.0000', '0.000012'], // 0.0000125: a tie rounds half EVEN
    ['8.0003', '8.0000', '0.000038'], // 0.0000375
    ['6.9999', '7.1234', '-0.017337'],
  ])('slippage of rate %s against %s is %s', (rate, referenceRate, slippage) => {
    expect(computePayoutAmounts({ usdAmount: '100.00', rate, referenceRate, feeBps: 0 }).slippage).toBe(slippage);
  });
});

describe('payout refusals', () => {
  it.each<[Partial<PayoutAmountsInput>, string, RegExp]>([
    [{ fiatAmount: '1.00', usdAmount: '1.00' }, 'usdAmount', /only one of fiatAmount and usdAmount/],
    [{}, 'fiatAmount', /one of fiatAmount and usdAmount is required/],
  ])('%j is VALIDATION_FAILED with a detail', (amounts, path, message) => {
    const error = thrown(() => computePayoutAmounts({ ...amounts, rate: '7.0000', referenceRate: '7.0000', feeBps: 0 }));
    expect(isDomainError(error, 'VALIDATION_FAILED')).toBe(true);
    expect((error as DomainError).message).toMatch(message);
    expect((error as DomainError).details).toEqual([{ path, message: expect.stringMatching(message) }]);
  });

  it('an amount that locks no CNY at all is too small', () => {
    const error = thrown(() => computePayoutAmounts({ usdAmount: '0.01', rate: '0.5000', referenceRate: '0.5000', feeBps: 0 }));
    expect(isDomainError(error, 'VALIDATION_FAILED')).toBe(true);
    expect((error as DomainError).message).toMatch(/too small/);
    expect((error as DomainError).details).toEqual([{ path: 'usdAmount', message: 'is too small at the current rate' }]);
  });

  it('a zero rate is a broken quote, not bad input', () => {
    expect(() => computePayoutAmounts({ fiatAmount: '1.00', rate: '0', referenceRate: '7.0000', feeBps: 0 })).toThrow(/rate must be positive/);
  });
});

describe('payout properties', () => {
  const cents = fc
    .oneof(fc.bigInt({ min: 1n, max: 100_000n }), fc.bigInt({ min: 1n, max: 99_999_999_999_999n }))
    .map((c) => dec(c.toString()).dividedBy(100).toFixed(2));
  const rate = fc.oneof(fc.integer({ min: 6_0000, max: 8_0000 }), fc.integer({ min: 1, max: 200_000_000 })).map((r) => dec(String(r)).dividedBy(10_000).toFixed(4));
  const feeBps = fc.oneof(fc.constantFrom(0, 1, 35, 10_000), fc.integer({ min: 0, max: 10_000 }));

  it('from fiat: usdAmount covers the fiat, by less than one cent of USDT', () => {
    fc.assert(
      fc.property(cents, rate, (fiatAmount, r) => {
        const usd = dec(computePayoutAmounts({ fiatAmount, rate: r, referenceRate: r, feeBps: 0 }).usdAmount);
        expect(usd.times(r).greaterThanOrEqualTo(fiatAmount)).toBe(true);
        expect(usd.minus('0.01').times(r).lessThan(fiatAmount)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('from usd: locked fiat <= usd x rate < locked fiat + 0.01, or the amount is refused as too small', () => {
    fc.assert(
      fc.property(cents, rate, (usdAmount, r) => {
        const exact = dec(usdAmount).times(r);
        let locked;
        try {
          locked = dec(computePayoutAmounts({ usdAmount, rate: r, referenceRate: r, feeBps: 0 }).lockedFiatAmount);
        } catch (error) {
          expect(isDomainError(error, 'VALIDATION_FAILED')).toBe(true);
          expect(exact.lessThan('0.01')).toBe(true);
          return;
        }
        expect(locked.lessThanOrEqualTo(exact)).toBe(true);
        expect(exact.lessThan(locked.plus('0.01'))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('fee >= the exact fee and < exact fee + 0.01; freeze = usd + fee', () => {
    fc.assert(
      fc.property(cents, feeBps, (usdAmount, bps) => {
        const amounts = computePayoutAmounts({ usdAmount, rate: '7.1234', referenceRate: '7.1234', feeBps: bps });
        const exactFee = dec(usdAmount).times(bps).dividedBy(10_000);
        const fee = dec(amounts.usdFeeAmount);
        expect(fee.greaterThanOrEqualTo(exactFee)).toBe(true);
        expect(fee.lessThan(exactFee.plus('0.01'))).toBe(true);
        expect(dec(amounts.freezeAmount).equals(dec(usdAmount).plus(fee))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('every output is a well-formed wire string', () => {
    fc.assert(
      fc.property(cents, rate, rate, feeBps, fc.boolean(), (amount, r, reference, bps, fromFiat) => {
        const input = fromFiat ? { fiatAmount: amount } : { usdAmount: amount };
        let amounts;
        try {
          amounts = computePayoutAmounts({ ...input, rate: r, referenceRate: reference, feeBps: bps });
        } catch {
          return;
        }
        for (const field of ['fiatAmount', 'usdAmount', 'usdFeeAmount', 'lockedFiatAmount', 'referenceFiatAmount'] as const) {
          expect(amounts[field]).toMatch(/^\d+\.\d{2}$/);
        }
        expect(amounts.slippage).toMatch(/^(0|-?\d+(\.\d{0,5}[1-9])?)$/);
        expect(amounts.freezeAmount).toMatch(/^\d+\.\d{6}$/);
      }),
      { numRuns: 500 },
    );
  });
});
