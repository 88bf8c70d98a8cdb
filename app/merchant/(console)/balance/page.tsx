import type { Metadata } from 'next';
import { hasMerchantPermission } from '../../../../server/merchant-team/merchant-permissions';
import { requireMerchantUser } from '../../../_auth/require-merchant-user';
import { merchantLangOfRequest } from '../../_components/merchant-language';
import { BalanceConsole } from './balance-console';
import { balanceMessages } from './messages';

export const metadata: Metadata = { title: 'Balance · Merchant console', robots: { index: false } };

/** docs/merchant-guide.md, "Balance": the figures, the statement and its CSV exports. */
export default async function MerchantBalancePage() {
  const user = await requireMerchantUser('/merchant/balance', 'balance.read');
  const t = balanceMessages[await merchantLangOfRequest()];
  return (
    <>
      <h1>{t.title}</h1>
      <p className="lead">{t.lead}</p>
      <BalanceConsole canExport={hasMerchantPermission(user.merchantRole, 'statements.read') && hasMerchantPermission(user.merchantRole, 'exports.create')} />
    </>
  );
}
