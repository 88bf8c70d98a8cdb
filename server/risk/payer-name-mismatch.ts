import type { Executor } from '../../db/client';
import { enabledRiskRules } from './enabled-rules';

/**
 * The switched-on payer-name mismatch rule that applies to this merchant's pay-ins, if any
 * (docs/risk.md, "Conditions"): when a bank notification names another payer than the buyer
 * declared, its automatic release is withheld and the trader confirms by hand. Read from the
 * process's copy of the rules, so with none it costs nothing.
 */
export async function payerNameMismatchRule(db: Executor, merchantId: string): Promise<string | null> {
  const rule = (await enabledRiskRules(db)).find(
    (candidate) => candidate.condition.kind === 'payer_name_mismatch' && candidate.flows.includes('payin') && (candidate.merchantId === null || candidate.merchantId === merchantId),
  );
  return rule?.id ?? null;
}
