import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Dec } from './decimal';
import { fmt2, fmt6, fmtRate, fmtSlippage, isoMs, isoMsOrNull } from './format';

describe('amount formats', () => {
  it('pads to a fixed number of decimals', () => {
    expect(fmt2('100')).toBe('100.00');
    expect(fmt6('12.5')).toBe('12.500000');
    expect(fmtRate('7.2')).toBe('7.2000');
    expect(fmt2('999999999999.99')).toBe('999999999999.99');
    expect(fmt6('0.000001')).toBe('0.000001');
  });

  it.each([
    ['-0.0035000', '-0.0035'],
    ['0', '0'],
    ['-0.0000001', '0'], // never "-0"
    ['0.0123456789', '0.012346'],
    ['0.0000125', '0.000012'], // half even
    ['0.0000135', '0.000014'],
    ['0.1', '0.1'],
    ['-1', '-1'],
  ])('slippage %s is %s', (value, text) => {
    expect(fmtSlippage(value)).toBe(text);
  });
});

describe('isoMs: ISO 8601 UTC with milliseconds', () => {
  it.each<[Date | string, string]>([
    [new Date(Date.UTC(2026, 10, 23, 7, 40, 35)), '2026-11-23T07:40:35.000Z'],
    ['2026-11-23T07:40:35Z', '2026-11-23T07:40:35.000Z'],
    ['2026-11-23T07:40:35.5Z', '2026-11-23T07:40:35.500Z'],
    ['2026-11-23 15:40:35.5+08', '2026-11-23T07:40:35.500Z'],
    ['2026-11-23 02:10:35.123456-05:30', '2026-11-23T07:40:35.123Z'],
    ['2026-11-23 07:40:35.123999+00', '2026-11-23T07:40:35.123Z'], // truncated like the drivers
    ['2026-11-23 07:40:35', '2026-11-23T07:40:35.000Z'], // no zone: stored as UTC
    ['2026-11-23 07:40:35.1234+0000', '2026-11-23T07:40:35.123Z'],
    ['2028-02-29 00:00:00+00', '2028-02-29T00:00:00.000Z'],
  ])('%s is %s', (value, iso) => {
    expect(isoMs(value)).toBe(iso);
  });

  it.each(['yesterday', 'March 7 2026', '2026-02-30 00:00:00', '2026-11-23 24:00:00', '2026-13-01T00:00:00Z', 'infinity', '', '2026-11-23'])(
    'refuses %j',
    (value) => {
      expect(() => isoMs(value)).toThrow(/not a timestamp/);
    },
  );

  it('refuses an invalid Date', () => {
    expect(() => isoMs(new Date(Number.NaN))).toThrow(/not a timestamp/);
  });

  it('passes null and undefined through', () => {
    expect(isoMsOrNull(null)).toBeNull();
    expect(isoMsOrNull(undefined)).toBeNull();
    expect(isoMsOrNull('2026-11-23 07:40:35+00')).toBe('2026-11-23T07:40:35.000Z');
  });
});

describe('amounts already spelt by PostgreSQL', () => {
  it('are returned as decimal.js would spell them', () => {
    const spelt = (places: number) =>
      fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.integer({ min: 0, max: 10 ** places - 1 })).map(([whole, fraction]) => `${whole}.${String(fraction).padStart(places, '0')}`);
    fc.assert(fc.property(spelt(2), (value) => fmt2(value) === new Dec(value).toFixed(2)));
    fc.assert(fc.property(spelt(4), (value) => fmtRate(value) === new Dec(value).toFixed(4)));
    fc.assert(fc.property(spelt(6), (value) => fmt6(value) === new Dec(value).toFixed(6)));
    // Not spelt as the column would be: computed, as before.
    expect([fmt2('7'), fmt2('-0.00'), fmt2('01.50'), fmt6('1.5')]).toEqual(['7.00', '0.00', '1.50', '1.500000']);
  });
});
