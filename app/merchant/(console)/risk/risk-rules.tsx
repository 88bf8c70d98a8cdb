'use client';

import { RiskRulesSection } from '../../../_components/risk-rules/risk-rules-section';
import { useMerchantMessages } from '../../_components/messages-context';
import { riskPageMessages } from './messages';

/** The merchant's own rules: the server scopes every procedure to the merchant signed in. */
export function MerchantRiskRules() {
  const { lang } = useMerchantMessages();
  return <RiskRulesSection consoleName="merchant" lang={lang} empty={riskPageMessages[lang].empty} />;
}
