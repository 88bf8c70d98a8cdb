import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { riskRules } from '../../db/schema';
import type { RiskRule } from './enabled-rules';
import { riskRuleView } from './risk-rule-view';

/**
 * The rules, newest first: every rule for an operator, or one merchant's own (the platform's
 * rules are the platform's business: a merchant meets them only as RISK_BLOCKED with a reference).
 * Rules are few: written by hand, one at a time.
 */
export async function listRiskRules(db: Executor, scope: { merchantId?: string } = {}) {
  const rows = await db
    .select()
    .from(riskRules)
    .where(scope.merchantId ? eq(riskRules.merchantId, scope.merchantId) : undefined)
    .orderBy(desc(riskRules.createdAt), desc(riskRules.id))
    .limit(500);
  return rows.map((row) => riskRuleView(row as RiskRule));
}
