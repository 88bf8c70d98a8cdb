import type { Metadata } from 'next';
import { hasMerchantPermission } from '../../../../server/merchant-team/merchant-permissions';
import { requireMerchantUser } from '../../../_auth/require-merchant-user';
import { merchantLangOfRequest } from '../../_components/merchant-language';
import { merchantMessages } from '../../_components/messages';
import { TeamConsole } from './team-console';

export const metadata: Metadata = { title: 'Team · Merchant console', robots: { index: false } };

export default async function MerchantTeamPage() {
  const user = await requireMerchantUser('/merchant/team', 'team.read');
  const t = merchantMessages[await merchantLangOfRequest()];
  return (
    <>
      <h1>{t.team.title}</h1>
      <p className="lead">{t.team.lead}</p>
      {/* The same permission table decides what the procedures accept; the forms only follow it. */}
      <TeamConsole canManage={hasMerchantPermission(user.merchantRole, 'team.manage')} selfId={user.id} />
    </>
  );
}
