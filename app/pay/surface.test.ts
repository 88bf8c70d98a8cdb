import { describe, expect, it } from 'vitest';
import { surfaceOf } from './surface';

describe('which page family a path is', () => {
  it('is the checkout for /pay/<token> only, not its streams or other pages', () => {
    expect(surfaceOf('/pay/abcDEF_-123')).toBe('checkout');
    expect(surfaceOf('/pay/abcDEF_-123/')).toBe('checkout');
    for (const pathname of ['/', '/pay', '/pay/', '/pay/x/events', '/demo/checkout', '/payments/x', '/operators', '/merchants']) expect(surfaceOf(pathname)).toBe('site');
    for (const pathname of ['/operator', '/operator/disputes/payout/x', '/merchant/checkout', '/trader', '/sign-in']) expect(surfaceOf(pathname)).toBe('console');
  });
});
