import type { Metadata } from 'next';
import { requireUser } from '../../../_auth/require-user';
import { operatorLangOfRequest, operatorPageMetadata } from '../../_components/operator-language';
import { HeldOrders } from './held-orders';
import { RiskRules } from './risk-rules';
import { riskMessages } from './risk-messages';

export const generateMetadata = (): Promise<Metadata> => operatorPageMetadata((lang) => riskMessages[lang].title);

/** Risk rules with their back-test, and the review queue of held orders (docs/risk.md). */
export default async function Page() {
  await requireUser('operator', '/operator/risk');
  const t = riskMessages[await operatorLangOfRequest()];
  return (
    <>
      <h1>{t.title}</h1>
      <p className="lead">{t.lead}</p>
      <HeldOrders />
      <RiskRules />
    </>
  );
}
