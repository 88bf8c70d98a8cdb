'use client';

import { useQuery } from '@tanstack/react-query';
import { RiskRulesSection } from '../../../_components/risk-rules/risk-rules-section';
import { useTRPC } from '../../../_trpc/client';
import { useOperatorMessages } from '../../_components/messages-context';
import { riskMessages } from './risk-messages';

/** Every rule, the platform's and each merchant's, with its scope; the form may write either. */
export function RiskRules() {
  const trpc = useTRPC();
  const { lang } = useOperatorMessages();
  const merchants = useQuery(trpc.operator.merchants.list.queryOptions({}));
  return <RiskRulesSection consoleName="operator" lang={lang} empty={riskMessages[lang].rulesEmpty} merchants={merchants.data ?? []} />;
}
