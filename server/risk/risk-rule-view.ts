import type { RiskRule } from './enabled-rules';
import { ruleReference } from './enabled-rules';

/** A rule as the consoles show it: a blocklist's size, never its entries (fingerprints or references). */
export function riskRuleView(rule: RiskRule) {
  const condition = rule.condition.kind === 'blocklist' ? { kind: 'blocklist' as const, list: rule.condition.list, size: rule.condition.entries.length } : rule.condition;
  return {
    id: rule.id,
    reference: ruleReference(rule.id),
    merchantId: rule.merchantId,
    name: rule.name,
    flows: rule.flows,
    condition,
    action: rule.action,
    enabled: rule.enabled,
    createdAt: rule.createdAt.toISOString(),
    updatedAt: rule.updatedAt.toISOString(),
  };
}
