import { describe, expect, it } from 'vitest';
import { asset6, fiat2, usd2 } from './amount-strings';

function messageOf(schema: typeof fiat2, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues.map((issue) => issue.message).join('; ');
}

describe.each([
  ['fiat2', fiat2],
  ['usd2', usd2],
])('%s: positive, exactly 2 decimals', (_name, schema) => {
  it.each(['0.01', '0.10', '1.00', '100.00', '7.12', '999999999999.99'])('accepts %s', (value) => {
    expect(schema.parse(value)).toBe(value);
  });

  it.each([
    ['100', /exactly 2 decimals, e\.g\. 100\.00/],
    ['100.0', /exactly 2 decimals/],
    ['100.000', /exactly 2 decimals/],
    ['0.00', /greater than zero/],
    ['-1.00', /positive/],
    ['+1.00', /plain decimal/],
    ['1e3', /plain decimal/],
    ['1.5e2', /plain decimal/],
    [' 1.00', /spaces/],
    ['1.00 ', /spaces/],
    ['01.00', /leading zeros/],
    ['00.01', /leading zeros/],
    ['1,00', /plain decimal/],
    ['1,000.00', /plain decimal/],
    ['.50', /plain decimal/],
    ['1.', /plain decimal/],
    ['', /plain decimal/],
    ['NaN', /plain decimal/],
    ['Infinity', /plain decimal/],
    ['１.００', /plain decimal/], // full-width digits
    ['1000000000000.00', /at most 12 digits/],
  ])('refuses %j with a clear message', (value, message) => {
    expect(messageOf(schema, value)).toMatch(message);
  });

  it('gives one message per bad amount', () => {
    expect(schema.safeParse('-0.0').error?.issues).toHaveLength(1);
  });

  it.each([100, 100.5, null, undefined, { value: '1.00' }])('refuses the non-string %j: amounts are strings', (value) => {
    expect(messageOf(schema, value)).toMatch(/must be a string/);
  });
});

describe('asset6: positive, at most 6 decimals', () => {
  it.each(['1', '1.5', '12.5', '0.000001', '0.1', '12.123456', '100.000000', '999999999999.999999'])('accepts %s', (value) => {
    expect(asset6.parse(value)).toBe(value);
  });

  it.each([
    ['0', /greater than zero/],
    ['0.000000', /greater than zero/],
    ['0.0000001', /at most 6 decimals/],
    ['1.0000001', /at most 6 decimals, e\.g\. 12\.5/],
    ['-1', /positive/],
    ['.5', /plain decimal/],
    ['1.', /plain decimal/],
    ['abc', /plain decimal/],
    ['1e-6', /plain decimal/],
    ['01', /leading zeros/],
    ['1000000000000', /at most 12 digits/],
  ])('refuses %j with a clear message', (value, message) => {
    expect(messageOf(asset6, value)).toMatch(message);
  });

  it('refuses a number', () => {
    expect(messageOf(asset6, 1)).toMatch(/must be a string such as "12.5"/);
  });
});
