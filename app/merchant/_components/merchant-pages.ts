import type { MerchantRole } from '../../../db/schema';
import { hasMerchantPermission, type MerchantPermission } from '../../../server/merchant-team/merchant-permissions';
import type { MerchantMessages } from './messages';

/** The console's pages that exist, each with the permission it needs (null: every merchant user). */
const pages: { href: string; label: keyof MerchantMessages['nav']; permission: MerchantPermission | null }[] = [
  { href: '/merchant', label: 'overview', permission: null },
  { href: '/merchant/payouts', label: 'payouts', permission: 'orders.read' },
  { href: '/merchant/payins', label: 'payins', permission: 'orders.read' },
  { href: '/merchant/team', label: 'team', permission: 'team.read' },
  { href: '/merchant/developers', label: 'developers', permission: 'keys.manage' },
  { href: '/merchant/developers/requests', label: 'requests', permission: 'requests.read' },
  { href: '/merchant/balance', label: 'balance', permission: 'balance.read' },
  { href: '/merchant/wallet', label: 'wallet', permission: 'balance.read' },
  { href: '/merchant/audit', label: 'audit', permission: 'audit.read' },
  { href: '/merchant/checkout', label: 'checkout', permission: 'checkout.manage' },
  { href: '/merchant/risk', label: 'risk', permission: 'risk.manage' },
  { href: '/merchant/alerts', label: 'alerts', permission: null },
];

/** The nav of a role: only the pages its permissions open (the same table the procedures consult). */
export function merchantNavOf(role: MerchantRole, t: MerchantMessages): { href: string; label: string }[] {
  return pages.filter((page) => page.permission === null || hasMerchantPermission(role, page.permission)).map(({ href, label }) => ({ href, label: t.nav[label] }));
}
