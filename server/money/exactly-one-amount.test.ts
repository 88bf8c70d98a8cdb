import { describe, expect, it } from 'vitest';
import { isDomainError } from '@/server/errors';
import { exactlyOne } from './exactly-one-amount';

describe('exactlyOne', () => {
  it('passes exactly one amount', () => {
    expect(() => exactlyOne('1.00', undefined, ['fiatAmount', 'usdAmount'])).not.toThrow();
    expect(() => exactlyOne(undefined, '1.00', ['fiatAmount', 'usdAmount'])).not.toThrow();
  });

  it.each([
    ['1.00', '1.00', 'usdAmount'],
    [undefined, undefined, 'fiatAmount'],
  ])('refuses %j and %j, pointing at %s', (a, b, path) => {
    try {
      exactlyOne(a, b, ['fiatAmount', 'usdAmount']);
      expect.unreachable();
    } catch (error) {
      expect(isDomainError(error, 'VALIDATION_FAILED')).toBe(true);
      expect(isDomainError(error) && error.details?.[0]?.path).toBe(path);
    }
  });
});
