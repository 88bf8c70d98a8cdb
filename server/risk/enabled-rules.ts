import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { riskRules } from '../../db/schema';
import type { StoredCondition } from './risk-rule.schema';

export type RiskRule = Omit<typeof riskRules.$inferSelect, 'condition'> & { condition: StoredCondition };

/**
 * How long a process trusts its copy of the switched-on rules. The creates read them on every
 * call, and with none (the usual case) they must cost no statement (docs/risk.md, "Cost"): the
 * copy is read once per interval, and a change made in this process drops it at once; another
 * process sees a change within the interval.
 */
const RULES_TTL_MS = 30_000;

let cached: { loadedAt: number; rules: readonly RiskRule[] } | undefined;

/** Every switched-on rule, platform and merchants' alike (there are few: a rule is written by hand). */
export async function enabledRiskRules(db: Executor): Promise<readonly RiskRule[]> {
  const at = Date.now();
  if (cached && at - cached.loadedAt < RULES_TTL_MS) return cached.rules;
  const rows = await db.select().from(riskRules).where(eq(riskRules.enabled, true));
  cached = { loadedAt: at, rules: rows as RiskRule[] };
  return cached.rules;
}

/** Called by every write to the rules, so this process acts on the change at once. */
export function forgetRiskRules(): void {
  cached = undefined;
}

/** The reference a refusal and the consoles show: enough to find the rule, nothing of its condition. */
export function ruleReference(ruleId: string): string {
  return `RR-${ruleId.slice(0, 8).toUpperCase()}`;
}
