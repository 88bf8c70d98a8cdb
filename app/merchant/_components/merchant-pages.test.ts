import { describe, expect, it } from 'vitest';
import { merchantRoles } from '../../../server/merchant-team/merchant-permissions';
import { merchantNavOf } from './merchant-pages';
import { merchantMessages } from './messages';

describe('the merchant console’s nav', () => {
  it('lists Risk rules for owners only, the role whose procedures accept them (risk.manage)', () => {
    const withRisk = merchantRoles.filter((role) => merchantNavOf(role, merchantMessages.en).some((link) => link.href === '/merchant/risk'));
    expect(withRisk).toEqual(['owner']);
    expect(merchantNavOf('owner', merchantMessages.en)).toContainEqual({ href: '/merchant/risk', label: 'Risk rules' });
    expect(merchantNavOf('owner', merchantMessages.zh)).toContainEqual({ href: '/merchant/risk', label: '风控规则' });
  });
});
