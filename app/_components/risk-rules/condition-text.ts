import type { riskRuleView } from '../../../server/risk/risk-rule-view';
import type { RiskRuleMessages } from './risk-rule-messages';

export type RiskRuleView = ReturnType<typeof riskRuleView>;

/** A rule's condition in words; a blocklist shows its size, never its entries (docs/risk.md). */
export function conditionText(condition: RiskRuleView['condition'], t: RiskRuleMessages): string {
  switch (condition.kind) {
    case 'velocity':
      return t.velocitySummary(t.per[condition.per], condition.maxCount, condition.maxAmount, condition.windowMinutes);
    case 'blocklist':
      return t.blocklistSummary(t.lists[condition.list], condition.size);
    case 'amount_outlier':
      return t.outlierSummary(condition.percentile !== undefined ? t.percentileOf(condition.percentile) : t.timesMedianOf(condition.timesMedian ?? ''), condition.lastOrders);
    default:
      return t.mismatchSummary;
  }
}
