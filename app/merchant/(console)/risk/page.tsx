import type { Metadata } from 'next';
import { requireMerchantUser } from '../../../_auth/require-merchant-user';
import { merchantLangOfRequest } from '../../_components/merchant-language';
import { riskPageMessages } from './messages';
import { MerchantRiskRules } from './risk-rules';

export const metadata: Metadata = { title: 'Risk rules · Merchant console', robots: { index: false } };

/** docs/risk.md, "Consoles": the merchant's own rules, each back-tested before it is switched on. Owners only (`risk.manage`). */
export default async function MerchantRiskPage() {
  await requireMerchantUser('/merchant/risk', 'risk.manage');
  const t = riskPageMessages[await merchantLangOfRequest()];
  return (
    <>
      <h1>{t.title}</h1>
      <p className="lead">{t.lead}</p>
      <MerchantRiskRules />
    </>
  );
}
