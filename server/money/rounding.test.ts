import { describe, expect, it } from 'vitest';
import { feeFor, positiveRate, roundDown, roundHalfUp, roundUp } from './rounding';

describe('rounding helpers', () => {
  it.each([
    ['1.001', '1.01', '1.00', '1.00'],
    ['1.005', '1.01', '1.00', '1.01'],
    ['1.009', '1.01', '1.00', '1.01'],
    ['1.000', '1.00', '1.00', '1.00'],
    ['1.0000000000000000000000000000001', '1.01', '1.00', '1.00'],
  ])('%s to cents: up %s, down %s, half up %s', (value, up, down, halfUp) => {
    expect(roundUp(value, 2).toFixed(2)).toBe(up);
    expect(roundDown(value, 2).toFixed(2)).toBe(down);
    expect(roundHalfUp(value, 2).toFixed(2)).toBe(halfUp);
  });
});

describe('feeFor: usdAmount x feeBps / 10000, rounded UP to 0.01', () => {
  it.each([
    ['100.00', 0, '0.00'],
    ['0.01', 0, '0.00'],
    ['100.00', 1, '0.01'], // exact
    ['100.01', 1, '0.02'], // 0.010001: one unit over goes up
    ['0.01', 1, '0.01'], // 0.000001
    ['100.00', 35, '0.35'], // exact
    ['10.01', 35, '0.04'], // 0.035035
    ['140.39', 35, '0.50'], // 0.491365
    ['200.00', 35, '0.70'],
    ['123.45', 10_000, '123.45'],
    ['0.01', 10_000, '0.01'],
    ['999999999999.99', 35, '3500000000.00'], // 3499999999.9999965
  ])('fee of %s at %i bps is %s', (usd, bps, fee) => {
    expect(feeFor(usd, bps).toFixed(2)).toBe(fee);
  });

  it.each([-1, 10_001, 1.5, Number.NaN])('refuses feeBps %d', (bps) => {
    expect(() => feeFor('1.00', bps)).toThrow(/feeBps must be an integer from 0 to 10000/);
  });
});

describe('positiveRate', () => {
  it('refuses zero and negative rates', () => {
    expect(positiveRate('7.1234', 'rate').toFixed()).toBe('7.1234');
    expect(() => positiveRate('0.0000', 'rate')).toThrow(/rate must be positive/);
    expect(() => positiveRate('-7.1234', 'referenceRate')).toThrow(/referenceRate must be positive/);
  });
});
