import { describe, expect, it } from 'vitest';
import { merchantRoles } from '../merchant-team/merchant-permissions';
import { grantableScopes } from './grantable-scopes';
import { API_KEY_SCOPES } from './scopes';

describe('grantableScopes: what each role may put on a key', () => {
  it('is what docs/merchant-guide.md, "Roles", says: the scopes whose console counterpart the role holds', () => {
    expect(Object.fromEntries(merchantRoles.map((role) => [role, grantableScopes(role)]))).toEqual({
      owner: API_KEY_SCOPES,
      developer: ['webhooks:manage', 'keys:manage'],
      finance: ['payouts:read', 'payins:read', 'balance:read', 'events:read', 'deposits:read'],
      support: ['payouts:read', 'payins:read', 'events:read'],
    });
  });

  it('money moves only through keys an owner makes', () => {
    expect(merchantRoles.filter((role) => grantableScopes(role).includes('payouts:write'))).toEqual(['owner']);
    expect(merchantRoles.filter((role) => grantableScopes(role).includes('payins:write'))).toEqual(['owner']);
  });
});
