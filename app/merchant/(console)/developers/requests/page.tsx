import type { Metadata } from 'next';
import { requireMerchantUser } from '../../../../_auth/require-merchant-user';
import { merchantLangOfRequest } from '../../../_components/merchant-language';
import { requestLogMessages } from './messages';
import { RequestLog } from './request-log';

export const metadata: Metadata = { title: 'API requests · Merchant console', robots: { index: false } };

/** docs/merchant-guide.md, "Request log": the merchant's recent API calls (owners and developers). */
export default async function MerchantRequestsPage() {
  await requireMerchantUser('/merchant/developers/requests', 'requests.read');
  const t = requestLogMessages[await merchantLangOfRequest()];
  return (
    <>
      <h1>{t.title}</h1>
      <p className="lead">{t.lead}</p>
      <RequestLog />
    </>
  );
}
