import type { Metadata } from 'next';
import Link from 'next/link';
import { getDatabase } from '../../../db';
import { listMerchantTeam } from '../../../server/merchant-team/list-merchant-team';
import { requireMerchantUser } from '../../_auth/require-merchant-user';
import { merchantLangOfRequest } from '../_components/merchant-language';
import { merchantMessages } from '../_components/messages';
import { merchantCaller } from '../_components/merchant-caller';
import { ordersMessages } from '../_components/orders-messages';
import { hasMerchantPermission } from '../../../server/merchant-team/merchant-permissions';
import { OverviewFigures } from './_overview/overview-figures';

export const metadata: Metadata = { title: 'Merchant console', robots: { index: false } };

/**
 * The merchant's balance and activity (for the roles that may see them), this user's account and
 * its second factor, and the team at a glance.
 * Owners and developers never get here without a second factor (requireMerchantUser).
 */
export default async function MerchantOverviewPage() {
  const user = await requireMerchantUser('/merchant');
  const lang = await merchantLangOfRequest();
  const t = merchantMessages[lang];
  // The figures come from the procedures themselves; a role without their permission gets none.
  const caller = await merchantCaller();
  const [balance, orders] = await Promise.all([
    hasMerchantPermission(user.merchantRole, 'balance.read') ? caller.merchantOverview.balance({}) : null,
    hasMerchantPermission(user.merchantRole, 'orders.read') ? caller.merchantOverview.orders({}) : null,
  ]);
  const team = await listMerchantTeam((await getDatabase()).db, { merchantId: user.merchantId });
  const members = team.users.filter((member) => member.status === 'active').length;
  return (
    <>
      <h1>{t.overview.title}</h1>
      {balance || orders ? <OverviewFigures t={ordersMessages[lang].figures} balance={balance} orders={orders} /> : null}
      <section aria-labelledby="account-heading">
        <h2 id="account-heading">{t.overview.account}</h2>
        <dl className="facts">
          <dt>{t.overview.name}</dt>
          <dd>{user.name}</dd>
          <dt>{t.overview.email}</dt>
          <dd>{user.email}</dd>
          <dt>{t.overview.role}</dt>
          <dd>{t.roles[user.merchantRole]}</dd>
          <dt>{t.overview.roleAllows}</dt>
          <dd>{t.roleSummaries[user.merchantRole]}</dd>
          <dt>{t.overview.secondFactor}</dt>
          <dd data-testid="totp-status">
            {user.totpEnrolled ? (
              t.overview.totpOn
            ) : (
              <>
                {t.overview.totpOffOptional} <Link href="/merchant/enrol">{t.overview.setUpTotp}</Link>
              </>
            )}
          </dd>
        </dl>
      </section>
      <section aria-labelledby="team-heading">
        <h2 id="team-heading">{t.overview.team}</h2>
        <p>{t.overview.teamSummary(members, team.invitations.length)}</p>
        <p>
          <Link href="/merchant/team">{t.overview.openTeam}</Link>
        </p>
      </section>
    </>
  );
}
