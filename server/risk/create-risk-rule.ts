import type { Db } from '../../db/client';
import { merchants, riskRules } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { recordAudit, type AuditActorRef } from '../audit';
import { DomainError } from '../errors';
import { parseInput } from '../validation/parse-input';
import { forgetRiskRules } from './enabled-rules';
import { blocklistEntries } from './fingerprint-values';
import { createRiskRuleInput, type CreateRiskRuleInput, type RiskConditionInput, type StoredCondition } from './risk-rule.schema';
import { riskRuleView } from './risk-rule-view';

/**
 * Creates a rule, switched off (docs/risk.md, "Back-test first"): the grammar is checked by the
 * schema, what the grammar cannot say (a condition on something the flow does not have) here with
 * RISK_RULE_INVALID. Audited with the rule's shape, never a blocklist's values.
 */
export async function createRiskRule(db: Db, rawInput: CreateRiskRuleInput, actor: AuditActorRef) {
  const input = parseInput(createRiskRuleInput, rawInput);
  refuseMismatch(input);
  const condition = stored(input.condition);
  return db.transaction(async (tx) => {
    if (input.merchantId) {
      const [merchant] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, input.merchantId));
      if (!merchant) throw new DomainError('RISK_RULE_INVALID', 'No merchant has this id.');
    }
    const [rule] = await tx
      .insert(riskRules)
      .values({ merchantId: input.merchantId ?? null, name: input.name, flows: input.flows, condition, action: input.action })
      .returning();
    if (!rule) throw new Error('risk rule not stored');
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id ?? null,
      ip: actor.ip ?? null,
      action: 'risk_rule.create',
      targetType: 'risk_rule',
      targetId: rule.id,
      details: { name: rule.name, merchantId: rule.merchantId, flows: rule.flows, kind: input.condition.kind, action: rule.action },
    });
    forgetRiskRules();
    return riskRuleView({ ...rule, condition });
  });
}

/** Which flows each condition can apply to: a pay-in has no recipient account, a payout no buyer reference. */
function refuseMismatch(input: CreateRiskRuleInput): void {
  const condition = input.condition;
  const only = (flow: 'payin' | 'payout', what: string) => {
    if (input.flows.some((f) => f !== flow)) throw new DomainError('RISK_RULE_INVALID', `A condition on ${what} applies to ${flow === 'payin' ? 'pay-ins' : 'payouts'} only.`);
  };
  if (condition.kind === 'payer_name_mismatch') {
    only('payin', 'the payer name of a bank notification');
    if (input.action !== 'review') throw new DomainError('RISK_RULE_INVALID', 'A payer-name mismatch can only hold the pay-in for review.');
  }
  if ((condition.kind === 'velocity' && condition.per === 'buyer_reference') || (condition.kind === 'blocklist' && condition.list === 'buyer_reference')) only('payin', 'a buyer reference');
  if ((condition.kind === 'velocity' && condition.per === 'recipient_account') || (condition.kind === 'blocklist' && condition.list !== 'buyer_reference')) only('payout', 'a recipient');
}

function stored(condition: RiskConditionInput): StoredCondition {
  if (condition.kind !== 'blocklist') return condition;
  return { kind: 'blocklist', list: condition.list, entries: blocklistEntries(condition.list, condition.values) };
}
