import { describe, expect, it } from 'vitest';
import { formatCny, formatSignedUsdt, formatUsdt, normaliseDecimalInput } from './amount-display';

describe('amounts on a page', () => {
  it('groups thousands and shows CNY with two decimals', () => {
    expect(formatCny('1000.00')).toBe('1,000.00');
    expect(formatCny('1234567.5')).toBe('1,234,567.50');
    expect(formatCny('999.99')).toBe('999.99');
    expect(formatCny('0')).toBe('0.00');
  });

  it('shows USDT with two decimals and only the further ones it needs', () => {
    expect(formatUsdt('9866.206898')).toBe('9,866.206898');
    expect(formatUsdt('140.000000')).toBe('140.00');
    expect(formatUsdt('0.500000')).toBe('0.50');
    expect(formatUsdt('12.345000')).toBe('12.345');
    expect(formatUsdt('-1234.100000')).toBe('-1,234.10');
  });

  it('signs ledger postings and keeps digits exact beyond what a JS number holds', () => {
    expect(formatSignedUsdt('1000.000000')).toBe('+1,000.00');
    expect(formatSignedUsdt('-0.000001')).toBe('-0.000001');
    expect(formatUsdt('123456789012345.123456')).toBe('123,456,789,012,345.123456');
  });

  it('shows something that is not a number as it came', () => {
    expect(formatCny('n/a')).toBe('n/a');
  });
});

describe('a typed rate or amount', () => {
  it('reads 7.15 as the 4-decimal rate 7.1500, and whole numbers too', () => {
    expect(normaliseDecimalInput('7.15', 4)).toEqual({ ok: true, value: '7.1500' });
    expect(normaliseDecimalInput(' 7 ', 4)).toEqual({ ok: true, value: '7.0000' });
    expect(normaliseDecimalInput('.5', 4)).toEqual({ ok: true, value: '0.5000' });
    expect(normaliseDecimalInput('7.', 4)).toEqual({ ok: true, value: '7.0000' });
  });

  it('accepts thousands separators and full-width digits from a Chinese input method', () => {
    expect(normaliseDecimalInput('50,000', 2)).toEqual({ ok: true, value: '50000.00' });
    expect(normaliseDecimalInput('７．１５', 4)).toEqual({ ok: true, value: '7.1500' });
  });

  it('names what is wrong instead of guessing', () => {
    expect(normaliseDecimalInput('abc', 4)).toEqual({ ok: false, problem: 'notNumber' });
    expect(normaliseDecimalInput('.', 4)).toEqual({ ok: false, problem: 'notNumber' });
    expect(normaliseDecimalInput('1e3', 4)).toEqual({ ok: false, problem: 'notNumber' });
    expect(normaliseDecimalInput('-7.15', 4)).toEqual({ ok: false, problem: 'notNumber' });
    expect(normaliseDecimalInput('', 4)).toEqual({ ok: false, problem: 'required' });
    expect(normaliseDecimalInput('7.12345', 4)).toEqual({ ok: false, problem: 'tooManyDecimals' });
    expect(normaliseDecimalInput('0.00', 2)).toEqual({ ok: false, problem: 'notPositive' });
  });
});
