import { desc, eq, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { riskRules } from '../../db/schema';
import type { RiskRule } from './enabled-rules';
import { riskRuleView } from './risk-rule-view';

/**
 * The rules, newest first: every rule for an operator, or those one merchant sees (its own and
 * the platform's, which it cannot change). Rules are few: written by hand, one at a time.
 */
export async function listRiskRules(db: Executor, scope: { merchantId?: string } = {}) {
  const rows = await db
    .select()
    .from(riskRules)
    .where(scope.merchantId ? or(eq(riskRules.merchantId, scope.merchantId), isNull(riskRules.merchantId)) : undefined)
    .orderBy(desc(riskRules.createdAt), desc(riskRules.id))
    .limit(500);
  return rows.map((row) => riskRuleView(row as RiskRule));
}
