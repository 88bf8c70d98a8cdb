import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { riskRules } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { DomainError } from '../errors';
import { parseInput } from '../validation/parse-input';
import { forgetRiskRules, type RiskRule } from './enabled-rules';
import { riskRuleView } from './risk-rule-view';

export const setRiskRuleEnabledInput = z.object({ ruleId: z.uuid(), enabled: z.boolean() }).strict();

type SetRiskRuleEnabledOptions = z.input<typeof setRiskRuleEnabledInput> & {
  actor: AuditActorRef;
  scope?: { merchantId?: string };
};

/**
 * Switches a rule on or off, audited. `merchantId` confines the change to that merchant's rules
 * (the merchant console); an operator passes none and may switch any rule.
 */
export async function setRiskRuleEnabled(db: Db, { actor, scope = {}, ...rawInput }: SetRiskRuleEnabledOptions) {
  const input = parseInput(setRiskRuleEnabledInput, rawInput);
  return db.transaction(async (tx) => {
    const [rule] = await tx.update(riskRules).set({ enabled: input.enabled, updatedAt: new Date() }).where(eq(riskRules.id, input.ruleId)).returning();
    if (!rule || (scope.merchantId !== undefined && rule.merchantId !== scope.merchantId)) throw new DomainError('NOT_FOUND', 'No such risk rule.');
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id ?? null,
      ip: actor.ip ?? null,
      action: input.enabled ? 'risk_rule.enable' : 'risk_rule.disable',
      targetType: 'risk_rule',
      targetId: rule.id,
      details: { name: rule.name, merchantId: rule.merchantId },
    });
    forgetRiskRules();
    return riskRuleView(rule as RiskRule);
  });
}
