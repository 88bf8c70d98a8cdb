import { describe, expect, it } from 'vitest';
import { isDomainError } from '../errors';
import { requireScopes } from './require-scopes';
import { API_KEY_SCOPES, missingScopes } from './scopes';

describe('requireScopes: an action needs every scope it names', () => {
  it('passes a key holding them all, or holding every scope (null) but those granted by name only', () => {
    expect(() => requireScopes({ granted: ['payouts:read', 'payouts:write'], required: ['payouts:read', 'payouts:write'] })).not.toThrow();
    expect(() => requireScopes({ granted: null, required: API_KEY_SCOPES.filter((scope) => scope !== 'wallet:withdraw') })).not.toThrow();
    // A key that can send USDT off the platform is never a default: a full-access key lacks it.
    expect(() => requireScopes({ granted: null, required: ['wallet:withdraw'] })).toThrow(/wallet:withdraw/);
    expect(() => requireScopes({ granted: ['wallet:withdraw'], required: ['wallet:withdraw'] })).not.toThrow();
    expect(() => requireScopes({ granted: [], required: [] })).not.toThrow();
  });

  it('refuses a key holding only some of them with INSUFFICIENT_SCOPE naming each missing one', () => {
    let caught: unknown;
    try {
      requireScopes({ granted: ['payouts:read'], required: ['payouts:read', 'payouts:write', 'balance:read'] });
    } catch (error) {
      caught = error;
    }
    expect(isDomainError(caught, 'INSUFFICIENT_SCOPE')).toBe(true);
    expect((caught as Error).message).toBe('This API key lacks the scopes payouts:write, balance:read.');
  });

  it('an empty list of scopes grants nothing', () => {
    expect(missingScopes([], ['balance:read'])).toEqual(['balance:read']);
  });
});
