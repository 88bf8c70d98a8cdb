import type { MerchantRole } from '../../../db/schema';
import { hasMerchantPermission, type MerchantPermission } from '../../../server/merchant-team/merchant-permissions';
import { merchantMessages as t } from './messages';

/** The console's pages that exist, each with the permission it needs (null: every merchant user). */
const pages: { href: string; label: string; permission: MerchantPermission | null }[] = [
  { href: '/merchant', label: t.nav.overview, permission: null },
  { href: '/merchant/team', label: t.nav.team, permission: 'team.read' },
];

/** The nav of a role: only the pages its permissions open (the same table the procedures consult). */
export function merchantNavOf(role: MerchantRole): { href: string; label: string }[] {
  return pages.filter((page) => page.permission === null || hasMerchantPermission(role, page.permission)).map(({ href, label }) => ({ href, label }));
}
