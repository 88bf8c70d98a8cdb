import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError, isDomainError } from '@/server/errors';
import { dec } from './decimal';
import { computePayinAmounts, type PayinAmountsInput } from './payin-amounts';

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('pay-in from assetAmount: fiatAmount = asset x rate rounded UP to 0.01', () => {
  it.each([
    ['10', '7.2500', '72.50', '10.000000', '10.00'], // exact
    ['10.123457', '7.2500', '73.40', '10.123457', '10.12'], // 73.39506325
    ['1', '7.1234', '7.13', '1.000000', '1.00'], // 7.1234
    ['1.000001', '6.9999', '7.00', '1.000001', '1.00'], // 6.9999069999
    ['0.005', '7.0000', '0.04', '0.005000', '0.01'], // usdAmount rounds half up to a cent
    ['999999999999.999999', '7.1234', '7123400000000.00', '999999999999.999999', '1000000000000.00'],
  ])('%s USDT at %s: the buyer pays %s CNY', (assetAmount, rate, fiat, asset, usd) => {
    const amounts = computePayinAmounts({ assetAmount, rate, feeBps: 0 });
    expect(amounts.fiatAmount).toBe(fiat);
    expect(amounts.assetAmount).toBe(asset);
    expect(amounts.escrowAmount).toBe(asset);
    expect(amounts.usdAmount).toBe(usd);
  });
});

describe('pay-in from fiatAmount: assetAmount = fiat / rate rounded DOWN to 6 decimals', () => {
  it.each([
    ['72.50', '7.2500', '10.000000', '10.00'], // exact
    ['100.00', '7.2500', '13.793103', '13.79'], // 13.7931034...
    ['699.99', '6.9999', '100.000000', '100.00'], // exact
    ['700.00', '6.9999', '100.001428', '100.00'], // 100.0014287...
    ['71.23', '7.1234', '9.999438', '10.00'],
    ['0.04', '7.0000', '0.005714', '0.01'],
    ['999999999999.99', '7.1234', '140382401662.126231', '140382401662.13'],
  ])('%s CNY at %s credits %s USDT (usd %s); the buyer pays the fiat exactly', (fiatAmount, rate, asset, usd) => {
    const amounts = computePayinAmounts({ fiatAmount, rate, feeBps: 0 });
    expect(amounts.assetAmount).toBe(asset);
    expect(amounts.escrowAmount).toBe(asset);
    expect(amounts.usdAmount).toBe(usd);
    expect(amounts.fiatAmount).toBe(fiatAmount);
  });
});

describe('pay-in fee and merchant credit', () => {
  it('a full example', () => {
    expect(computePayinAmounts({ assetAmount: '10.123457', rate: '7.2500', feeBps: 50 })).toEqual({
      assetAmount: '10.123457',
      fiatAmount: '73.40',
      usdAmount: '10.12',
      usdFeeAmount: '0.06', // 0.0506 up
      fxRate: '7.2500',
      merchantCredit: '10.063457',
      escrowAmount: '10.123457',
    });
  });

  it.each([
    ['100.00', '7.2500', 0, '0.00', '13.793103'],
    ['100.00', '7.2500', 1, '0.01', '13.783103'], // 0.001379 up
    ['100.00', '7.2500', 35, '0.05', '13.743103'], // 0.048265 up
    ['100.00', '7.2500', 10_000, '13.79', '0.003103'],
    ['71.23', '7.1234', 10_000, '10.00', '0.000000'], // usd rounds past the asset: the credit stops at zero
  ])('%s CNY at %s with %i bps: fee %s, merchant credit %s', (fiatAmount, rate, feeBps, fee, credit) => {
    const amounts = computePayinAmounts({ fiatAmount, rate, feeBps });
    expect(amounts.usdFeeAmount).toBe(fee);
    expect(amounts.merchantCredit).toBe(credit);
  });
});

describe('pay-in refusals', () => {
  it.each<[Partial<PayinAmountsInput>, string]>([
    [{ assetAmount: '1', fiatAmount: '1.00' }, 'fiatAmount'],
    [{}, 'assetAmount'],
  ])('%j is VALIDATION_FAILED with a detail', (amounts, path) => {
    const error = thrown(() => computePayinAmounts({ ...amounts, rate: '7.0000', feeBps: 0 }));
    expect(isDomainError(error, 'VALIDATION_FAILED')).toBe(true);
    expect((error as DomainError).details?.[0]?.path).toBe(path);
  });

  it.each<[Partial<PayinAmountsInput>, string]>([
    [{ fiatAmount: '0.01', rate: '20000.0000' }, 'fiatAmount'], // asset 0.0000005 rounds down to zero
    [{ fiatAmount: '0.01', rate: '7.1234' }, 'fiatAmount'], // 0.001403 USDT is no cent
    [{ assetAmount: '0.000001', rate: '7.1234' }, 'assetAmount'],
    [{ assetAmount: '0.004999', rate: '7.1234' }, 'assetAmount'],
  ])('%j is too small', (input, path) => {
    const error = thrown(() => computePayinAmounts({ rate: '7.0000', feeBps: 0, ...input }));
    expect(isDomainError(error, 'VALIDATION_FAILED')).toBe(true);
    expect((error as DomainError).message).toMatch(/too small/);
    expect((error as DomainError).details).toEqual([{ path, message: 'is too small at the current rate' }]);
  });
});

describe('pay-in properties', () => {
  const rate = fc.oneof(fc.integer({ min: 6_0000, max: 8_0000 }), fc.integer({ min: 1, max: 200_000_000 })).map((r) => dec(String(r)).dividedBy(10_000).toFixed(4));
  const cents = fc
    .oneof(fc.bigInt({ min: 1n, max: 100_000n }), fc.bigInt({ min: 1n, max: 99_999_999_999_999n }))
    .map((c) => dec(c.toString()).dividedBy(100).toFixed(2));
  const micros = fc
    .oneof(fc.bigInt({ min: 5_000n, max: 100_000_000n }), fc.bigInt({ min: 5_000n, max: 999_999_999_999_999_999n }))
    .map((u) => dec(u.toString()).dividedBy(1_000_000).toFixed());

  it('from fiat: asset x rate <= fiat, and one more micro-unit would exceed it', () => {
    fc.assert(
      fc.property(cents, rate, (fiatAmount, r) => {
        let asset;
        try {
          asset = dec(computePayinAmounts({ fiatAmount, rate: r, feeBps: 0 }).assetAmount);
        } catch (error) {
          expect(isDomainError(error, 'VALIDATION_FAILED')).toBe(true);
          expect(dec(fiatAmount).dividedBy(r).lessThan('0.005')).toBe(true);
          return;
        }
        expect(asset.times(r).lessThanOrEqualTo(fiatAmount)).toBe(true);
        expect(asset.plus('0.000001').times(r).greaterThan(fiatAmount)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('from asset: the buyer pays at least asset x rate, by less than one cent', () => {
    fc.assert(
      fc.property(micros, rate, (assetAmount, r) => {
        const fiat = dec(computePayinAmounts({ assetAmount, rate: r, feeBps: 0 }).fiatAmount);
        const exact = dec(assetAmount).times(r);
        expect(fiat.greaterThanOrEqualTo(exact)).toBe(true);
        expect(fiat.minus('0.01').lessThan(exact)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('the merchant credit plus the fee never exceeds the escrow', () => {
    fc.assert(
      fc.property(micros, fc.integer({ min: 0, max: 10_000 }), (assetAmount, bps) => {
        const amounts = computePayinAmounts({ assetAmount, rate: '7.1234', feeBps: bps });
        const credit = dec(amounts.merchantCredit);
        expect(credit.isNegative()).toBe(false);
        expect(credit.lessThanOrEqualTo(amounts.escrowAmount)).toBe(true);
        if (!credit.isZero()) expect(credit.plus(amounts.usdFeeAmount).equals(amounts.escrowAmount)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
