import Decimal from 'decimal.js';
import type { Executor } from '../../db/client';
import type { RiskFlow } from '../../db/schema';
import { DomainError } from '../errors';
import { enabledRiskRules, ruleReference, type RiskRule } from './enabled-rules';
import { nameFingerprint } from './fingerprint-values';
import { outlierThreshold, velocityOf } from './order-history';

/** What the rules see of a create, before anything is written (docs/risk.md, "Conditions"). */
export interface RiskSubject {
  flow: RiskFlow;
  merchantId: string;
  /** The order's CNY. */
  fiatAmount: string;
  now: Date;
  /** A pay-in's `metadata.buyerId`. */
  buyerReference?: string | null;
  /** A payout recipient's account fingerprint. */
  recipientFingerprint?: string | null;
  /** A payout recipient's holder name: only fingerprinted here, never kept or logged. */
  recipientName?: string | null;
  clientAddress?: string | null;
}

export type RiskDecision = { action: 'allow' } | { action: 'review' | 'block'; ruleId: string };

/**
 * The rules that apply to a create, in order: a matching allow rule lets the create through
 * whatever else matches, else a matching block refuses it, else a matching review holds it
 * (docs/risk.md, "Actions"). With no rule for this flow and merchant it reads nothing.
 */
export async function evaluateRisk(db: Executor, subject: RiskSubject): Promise<RiskDecision> {
  const rules = (await enabledRiskRules(db)).filter(
    (rule) => rule.flows.includes(subject.flow) && (rule.merchantId === null || rule.merchantId === subject.merchantId) && rule.condition.kind !== 'payer_name_mismatch',
  );
  if (rules.length === 0) return { action: 'allow' };
  const matched: RiskRule[] = [];
  for (const rule of rules) if (await holds(db, rule, subject)) matched.push(rule);
  if (matched.some((rule) => rule.action === 'allow')) return { action: 'allow' };
  const chosen = matched.find((rule) => rule.action === 'block') ?? matched.find((rule) => rule.action === 'review');
  return chosen ? { action: chosen.action as 'review' | 'block', ruleId: chosen.id } : { action: 'allow' };
}

/** The refusal of a blocked create: the rule's reference, nothing of what it checks. */
export function riskBlocked(ruleId: string): DomainError {
  return new DomainError('RISK_BLOCKED', `Refused by risk rule ${ruleReference(ruleId)}. Ask support with this reference.`);
}

async function holds(db: Executor, rule: RiskRule, subject: RiskSubject): Promise<boolean> {
  const condition = rule.condition;
  switch (condition.kind) {
    case 'blocklist': {
      const value =
        condition.list === 'buyer_reference' ? subject.buyerReference : condition.list === 'recipient_account' ? subject.recipientFingerprint : subject.recipientName ? nameFingerprint(subject.recipientName) : null;
      return value !== null && value !== undefined && condition.entries.includes(value);
    }
    case 'velocity': {
      const value = condition.per === 'buyer_reference' ? subject.buyerReference : condition.per === 'recipient_account' ? subject.recipientFingerprint : subject.clientAddress;
      if (!value) return false;
      const since = new Date(subject.now.getTime() - condition.windowMinutes * 60_000);
      // A buyer reference is the merchant's own name for its customer: counted within the merchant.
      const merchantId = rule.merchantId ?? (condition.per === 'buyer_reference' ? subject.merchantId : null);
      const seen = await velocityOf(db, { flow: subject.flow, per: condition.per, value, since, until: subject.now, merchantId });
      // This order counts too: "at most 3 in an hour" refuses the fourth.
      if (condition.maxCount !== undefined && seen.count + 1 > condition.maxCount) return true;
      return condition.maxAmount !== undefined && new Decimal(seen.total).plus(subject.fiatAmount).greaterThan(condition.maxAmount);
    }
    case 'amount_outlier': {
      const threshold = await outlierThreshold(db, { flow: subject.flow, merchantId: subject.merchantId, lastOrders: condition.lastOrders, percentile: condition.percentile, timesMedian: condition.timesMedian, before: subject.now });
      return threshold !== null && new Decimal(subject.fiatAmount).greaterThan(threshold);
    }
    default:
      return false;
  }
}
