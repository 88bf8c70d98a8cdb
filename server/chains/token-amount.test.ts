import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromLedgerAmount, toLedgerAmount } from './token-amount';

describe('toLedgerAmount', () => {
  it('converts 6-decimal base units exactly', () => {
    expect(toLedgerAmount(0n, 6)).toEqual({ amount: '0.000000', remainder: 0n });
    expect(toLedgerAmount(1n, 6)).toEqual({ amount: '0.000001', remainder: 0n });
    expect(toLedgerAmount(123_456_789n, 6)).toEqual({ amount: '123.456789', remainder: 0n });
    // Beyond 2^53: a Number would have lost the last digits.
    expect(toLedgerAmount(9_007_199_254_740_993_000_001n, 6)).toEqual({ amount: '9007199254740993.000001', remainder: 0n });
  });

  it('rounds 18-decimal amounts down and returns what was cut off', () => {
    expect(toLedgerAmount(1_000_000_000_000_000_000n, 18)).toEqual({ amount: '1.000000', remainder: 0n });
    expect(toLedgerAmount(1_234_567_891_234_567_891n, 18)).toEqual({ amount: '1.234567', remainder: 891_234_567_891n });
    expect(toLedgerAmount(999_999_999_999n, 18)).toEqual({ amount: '0.000000', remainder: 999_999_999_999n });
  });

  it('scales up a token with fewer decimals', () => {
    expect(toLedgerAmount(150n, 2)).toEqual({ amount: '1.500000', remainder: 0n });
  });

  it('loses nothing: credited part and remainder add back to the base units', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), fc.integer({ min: 0, max: 30 }), (base, decimals) => {
        const { amount, remainder } = toLedgerAmount(base, decimals);
        if (decimals < 6) {
          expect(remainder).toBe(0n);
          expect(fromLedgerAmount(amount, decimals)).toBe(base);
        } else {
          expect(fromLedgerAmount(amount, decimals) + remainder).toBe(base);
          expect(remainder < 10n ** BigInt(decimals - 6)).toBe(true);
        }
      }),
    );
  });

  it('refuses a negative amount and absurd decimals', () => {
    expect(() => toLedgerAmount(-1n, 6)).toThrow();
    expect(() => toLedgerAmount(1n, 1.5)).toThrow();
  });
});
