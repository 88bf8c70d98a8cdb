import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { dec, Dec } from './decimal';

describe('dec', () => {
  it('takes decimal strings and Decimals, at full precision', () => {
    expect(dec('0.1').plus(dec('0.2')).toFixed()).toBe('0.3');
    expect(dec(new Decimal('123.456')).toFixed()).toBe('123.456');
    expect(dec('999999999999.999999').times('20000.0000').toFixed()).toBe('19999999999999999.98');
  });

  it('refuses numbers at the type level and at run time', () => {
    // @ts-expect-error money is never a JS number
    expect(() => dec(0.1)).toThrow(TypeError);
    expect(() => dec(JSON.parse('100') as string)).toThrow(/decimal string/);
  });

  it('refuses what is not a finite decimal', () => {
    expect(() => dec('Infinity')).toThrow(/finite/);
    expect(() => dec('NaN')).toThrow(/finite/);
    expect(() => dec('abc')).toThrow();
  });

  it('never prints exponent notation for amounts the database can hold', () => {
    expect(new Dec('0.000001').toString()).toBe('0.000001');
    expect(new Dec('99999999999999999999.99').toString()).toBe('99999999999999999999.99');
  });
});
