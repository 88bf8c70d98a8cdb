import { describe, expect, it } from 'vitest';
import { surfaceOf } from './surface';

describe('which page family a path is', () => {
  it('is the checkout for /pay/<token> only, not its streams or other pages', () => {
    expect(surfaceOf('/pay/abcDEF_-123')).toBe('checkout');
    expect(surfaceOf('/pay/abcDEF_-123/')).toBe('checkout');
    for (const pathname of ['/', '/pay', '/pay/', '/pay/x/events', '/demo/checkout', '/merchant/checkout', '/payments/x']) expect(surfaceOf(pathname)).toBe('site');
  });
});
