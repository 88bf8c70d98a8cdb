import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDomainError } from '../errors';
import { asset6, fiat2 } from './amount-strings';
import { Dec } from './decimal';
import { fmtSlippage, isoMs, isoMsOrNull } from './format';
import { computePayinAmounts } from './payin-amounts';
import { computePayoutAmounts } from './payout-amounts';
import { medianRate } from './reference-rate';
import { feeFor } from './rounding';

describe('wire formats', () => {
  it.each(['0.01', '1.00', '100.00', '999999999999.99'])('fiat2 accepts %s', (value) => {
    expect(fiat2.safeParse(value).success).toBe(true);
  });
  it.each(['100', '100.0', '100.000', '0.00', '-1.00', '1e3', ' 1.00', '01.00', '1,00', '', '1000000000000.00'])('fiat2 refuses %j', (value) => {
    expect(fiat2.safeParse(value).success).toBe(false);
  });
  it('fiat2 refuses numbers: amounts are strings', () => {
    expect(fiat2.safeParse(100).success).toBe(false);
  });
  it.each(['1', '1.5', '0.000001', '12.123456'])('asset6 accepts %s', (value) => {
    expect(asset6.safeParse(value).success).toBe(true);
  });
  it.each(['0', '0.000000', '1.0000001', '-1', '.5', '1.', 'abc'])('asset6 refuses %j', (value) => {
    expect(asset6.safeParse(value).success).toBe(false);
  });
});

describe('fees', () => {
  it.each([
    ['100.00', 0, '0.00'],
    ['100.00', 1, '0.01'],
    ['100.00', 35, '0.35'],
    ['10.01', 35, '0.04'], // 0.035035 rounds UP
    ['0.01', 1, '0.01'], // 0.000001 rounds UP to a cent
    ['123.45', 10_000, '123.45'],
  ])('fee of %s at %i bps is %s (rounded up)', (usd, bps, fee) => {
    expect(feeFor(usd, bps).toFixed(2)).toBe(fee);
  });
  it('refuses an out-of-range fee', () => {
    expect(() => feeFor('1.00', 10_001)).toThrow();
    expect(() => feeFor('1.00', 1.5)).toThrow();
  });
});

describe('payout amounts (decisions.md section 4)', () => {
  it('from fiatAmount: usdAmount rounds UP, the trader pays the fiat exactly', () => {
    const amounts = computePayoutAmounts({ fiatAmount: '1000.00', rate: '7.1234', referenceRate: '7.1500', feeBps: 35 });
    // 1000 / 7.1234 = 140.3823...
    expect(amounts).toEqual({
      usdAmount: '140.39',
      usdFeeAmount: '0.50', // 0.491365 up
      lockedFiatAmount: '1000.00',
      referenceFiatAmount: '1003.79', // 140.39 x 7.15 = 1003.7885
      slippage: '-0.00372', // (7.1234 - 7.15) / 7.15 = -0.003720...
      fxRate: '7.1234',
      freezeAmount: '140.890000',
    });
  });

  it('from fiatAmount that divides exactly, nothing is added', () => {
    expect(computePayoutAmounts({ fiatAmount: '715.00', rate: '7.1500', referenceRate: '7.1500', feeBps: 0 })).toMatchObject({
      usdAmount: '100.00',
      usdFeeAmount: '0.00',
      slippage: '0',
      freezeAmount: '100.000000',
    });
  });

  it('from usdAmount: lockedFiatAmount rounds DOWN', () => {
    const amounts = computePayoutAmounts({ usdAmount: '100.01', rate: '6.9999', referenceRate: '7.0000', feeBps: 1 });
    // 100.01 x 6.9999 = 700.059999
    expect(amounts.lockedFiatAmount).toBe('700.05');
    expect(amounts.usdAmount).toBe('100.01');
    expect(amounts.usdFeeAmount).toBe('0.02'); // 0.010001 up
  });

  it('both amounts, or neither, is VALIDATION_FAILED', () => {
    for (const input of [{ fiatAmount: '1.00', usdAmount: '1.00' }, {}]) {
      const error = (() => {
        try {
          computePayoutAmounts({ ...input, rate: '7.0000', referenceRate: '7.0000', feeBps: 0 });
        } catch (e) {
          return e;
        }
      })();
      expect(isDomainError(error, 'VALIDATION_FAILED')).toBe(true);
    }
  });

  it('properties: usd covers the fiat by less than a cent; locked fiat never exceeds usd x rate', () => {
    const cents = fc.integer({ min: 1, max: 10_000_000_00 }).map((c) => new Dec(c).dividedBy(100).toFixed(2));
    const rate = fc.integer({ min: 1_0000, max: 20_0000 }).map((r) => new Dec(r).dividedBy(10_000).toFixed(4));
    fc.assert(
      fc.property(cents, rate, fc.integer({ min: 0, max: 10_000 }), (amount, r, bps) => {
        const fromFiat = computePayoutAmounts({ fiatAmount: amount, rate: r, referenceRate: r, feeBps: bps });
        const usd = new Dec(fromFiat.usdAmount);
        expect(usd.times(r).greaterThanOrEqualTo(amount)).toBe(true);
        expect(usd.minus('0.01').times(r).lessThan(amount)).toBe(true);
        const exactFee = usd.times(bps).dividedBy(10_000);
        expect(new Dec(fromFiat.usdFeeAmount).greaterThanOrEqualTo(exactFee)).toBe(true);
        expect(new Dec(fromFiat.usdFeeAmount).minus('0.01').lessThan(exactFee)).toBe(true);

        const fromUsd = (() => {
          try {
            return computePayoutAmounts({ usdAmount: amount, rate: r, referenceRate: r, feeBps: bps });
          } catch {
            return undefined; // too small to pay out at this rate
          }
        })();
        if (fromUsd) {
          const locked = new Dec(fromUsd.lockedFiatAmount);
          const exact = new Dec(amount).times(r);
          expect(locked.lessThanOrEqualTo(exact)).toBe(true);
          expect(locked.plus('0.01').greaterThan(exact)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('pay-in amounts (decisions.md section 4)', () => {
  it('from assetAmount: fiatAmount rounds UP', () => {
    const amounts = computePayinAmounts({ assetAmount: '10.123457', rate: '7.2500', feeBps: 50 });
    // 10.123457 x 7.25 = 73.39506325
    expect(amounts).toEqual({
      assetAmount: '10.123457',
      fiatAmount: '73.40',
      usdAmount: '10.12',
      usdFeeAmount: '0.06', // 0.0506 up
      fxRate: '7.2500',
      merchantCredit: '10.063457',
      escrowAmount: '10.123457',
    });
  });

  it('from fiatAmount: assetAmount rounds DOWN to 6 decimals', () => {
    const amounts = computePayinAmounts({ fiatAmount: '100.00', rate: '7.2500', feeBps: 0 });
    // 100 / 7.25 = 13.793103448...
    expect(amounts.assetAmount).toBe('13.793103');
    expect(amounts.usdAmount).toBe('13.79');
    expect(amounts.fiatAmount).toBe('100.00');
  });

  it('an amount too small to credit anything is refused', () => {
    expect(() => computePayinAmounts({ fiatAmount: '0.01', rate: '20000.0000', feeBps: 0 })).toThrow(/too small/);
  });

  it('property: the buyer never pays less than the asset is worth at the locked rate (from 0.01 USDT up)', () => {
    const rate = fc.integer({ min: 1_0000, max: 20_0000 }).map((r) => new Dec(r).dividedBy(10_000).toFixed(4));
    const asset = fc.integer({ min: 10_000, max: 1_000_000_000_000 }).map((u) => new Dec(u).dividedBy(1_000_000).toFixed());
    fc.assert(
      fc.property(asset, rate, (a, r) => {
        const amounts = computePayinAmounts({ assetAmount: a, rate: r, feeBps: 0 });
        expect(new Dec(amounts.fiatAmount).greaterThanOrEqualTo(new Dec(a).times(r))).toBe(true);
        expect(new Dec(amounts.fiatAmount).minus('0.01').lessThan(new Dec(a).times(r))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('reference rate and formats', () => {
  it('median of quotes', () => {
    expect(medianRate([])).toBeNull();
    expect(medianRate(['7.2000'])).toBe('7.2000');
    expect(medianRate(['7.3000', '7.1000', '7.2000'])).toBe('7.2000');
    expect(medianRate(['7.1000', '7.2001'])).toBe('7.1501'); // 7.15005 half up
  });

  it('slippage drops trailing zeros and keeps the sign', () => {
    expect(fmtSlippage('-0.0035000')).toBe('-0.0035');
    expect(fmtSlippage('0')).toBe('0');
    expect(fmtSlippage('0.0123456789')).toBe('0.012346');
  });

  it('timestamps are ISO 8601 UTC with milliseconds', () => {
    expect(isoMs(new Date(Date.UTC(2026, 10, 23, 7, 40, 35)))).toBe('2026-11-23T07:40:35.000Z');
    expect(isoMs('2026-11-23 15:40:35.5+08')).toBe('2026-11-23T07:40:35.500Z');
    expect(isoMsOrNull(null)).toBeNull();
    expect(() => isoMs('yesterday')).toThrow();
  });
});
