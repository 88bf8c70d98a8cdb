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

type Copy = { loadedAt: number; rules: readonly RiskRule[] };
/**
 * One copy per process, not per module instance: the REST adapter and the pages' bundle each load
 * this module, and a rule switched in a console must reach the API's creates at once.
 */
const key = Symbol.for('corridor.riskRules');
const holder = globalThis as typeof globalThis & { [key]?: { copy: Copy | undefined } };
const shared = (holder[key] ??= { copy: undefined });

/** Every switched-on rule, platform and merchants' alike (there are few: a rule is written by hand). */
export async function enabledRiskRules(db: Executor): Promise<readonly RiskRule[]> {
  const at = Date.now();
  const copy = shared.copy;
  if (copy && at - copy.loadedAt < RULES_TTL_MS) return copy.rules;
  const rows = await db.select().from(riskRules).where(eq(riskRules.enabled, true));
  shared.copy = { loadedAt: at, rules: rows as RiskRule[] };
  return shared.copy.rules;
}

/** Called by every write to the rules, so this process acts on the change at once. */
export function forgetRiskRules(): void {
  shared.copy = undefined;
}

/** The reference a refusal and the consoles show: enough to find the rule, nothing of its condition. */
export function ruleReference(ruleId: string): string {
  return `RR-${ruleId.slice(0, 8).toUpperCase()}`;
}
