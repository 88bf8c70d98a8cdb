import type { DisputeFlow } from '../orders/order-ref';
import type { RulingReasonCode } from '../rulings/ruling-reasons';
import { awaitedParties } from './case-deadlines';
import { partyHours, type DisputeDeadlineSettings } from './dispute-deadline-settings';

const HOUR = 3_600_000;

/** The automatic rules of docs/operator-guide.md, "Automatic rulings", each with its own reason code. */
export const autoRules = ['payin_no_payment_evidence', 'payin_bank_notification_matched', 'payout_trader_unresponsive', 'payout_proof_uncontested'] as const;
export type AutoRule = (typeof autoRules)[number];

export interface AutoRuleDecision {
  rule: AutoRule;
  flow: DisputeFlow;
  ruling: 'complete' | 'fail' | 'release' | 'refund';
  reasonCode: RulingReasonCode;
  note: string;
  /** From when the rule holds: the deadline it waits for, or the dispute's start when it waits for none. */
  holdsFrom: Date;
}

/** What the rules look at in one dispute, read from the database or, in the back-test, from history. */
export interface DisputeFacts {
  flow: DisputeFlow;
  disputedAt: Date;
  /** The actor type of the transition into DISPUTED. */
  openedBy: string | null;
  /** When each awaited party's answer is due (stored with the case, or from the settings in the back-test). */
  answerDueAt: Partial<Record<'trader' | 'merchant' | 'buyer', Date>>;
  /** Evidence the parties added since the dispute began (operators' notes left out). */
  evidence: { party: string; createdAt: Date }[];
  /** Bank notifications matched to the pay-in: score and the account's auto-confirm threshold when scored. */
  notifications: { score: number | null; threshold: number; matchStatus: string; createdAt: Date }[];
}

/** The answer deadlines of a dispute from the settings, as they are stored when it opens. */
export function answerDueAtFrom(flow: DisputeFlow, openedBy: string | null, disputedAt: Date, settings: DisputeDeadlineSettings): DisputeFacts['answerDueAt'] {
  return Object.fromEntries(awaitedParties(flow, openedBy).map((party) => [party, new Date(disputedAt.getTime() + partyHours(settings, party) * HOUR)]));
}

/**
 * The rule that settles a dispute at `at`, or null when it needs a person. The rules are disjoint,
 * so at most one holds:
 * - payin_bank_notification_matched: a notification matched to the pay-in scored at or above its
 *   account's auto-confirm threshold (held back only because the order was not releasable) -> complete;
 * - payin_no_payment_evidence: the buyer's deadline passed with no evidence from the buyer and no
 *   notification matched to the pay-in at all -> fail (the escrow returns to the trader);
 * - payout_trader_unresponsive: the merchant disputed and the trader added nothing by its deadline -> refund;
 * - payout_proof_uncontested: the merchant let its decision window pass (the dispute is its silence)
 *   and added nothing against the proof by its deadline -> release.
 * Any evidence from the party the rule waits on, even late, leaves the case to an operator.
 */
export function clearCaseRule(facts: DisputeFacts, at: Date): AutoRuleDecision | null {
  const evidenceFrom = (party: string) => facts.evidence.some((item) => item.party === party && item.createdAt.getTime() <= at.getTime());
  const due = (party: 'trader' | 'merchant' | 'buyer') => {
    const dueAt = facts.answerDueAt[party];
    return dueAt && dueAt.getTime() <= at.getTime() ? dueAt : null;
  };
  const seen = facts.notifications.filter((n) => n.createdAt.getTime() <= at.getTime());
  if (facts.flow === 'payin') {
    const matched = seen.find((n) => n.matchStatus === 'suggested' && n.score !== null && n.score >= n.threshold);
    if (matched) {
      return {
        rule: 'payin_bank_notification_matched',
        flow: 'payin',
        ruling: 'complete',
        reasonCode: 'auto_bank_notification_matched',
        note: `Automatic ruling: the trader's bank notification matched this payment with score ${matched.score} (auto-confirm threshold ${matched.threshold}).`,
        holdsFrom: facts.disputedAt,
      };
    }
    const buyerDue = due('buyer');
    if (buyerDue && !evidenceFrom('buyer') && seen.length === 0) {
      return {
        rule: 'payin_no_payment_evidence',
        flow: 'payin',
        ruling: 'fail',
        reasonCode: 'auto_no_payment_evidence',
        note: 'Automatic ruling: the buyer gave no payment evidence by the deadline and no bank notification matched the payment.',
        holdsFrom: buyerDue,
      };
    }
    return null;
  }
  if (facts.openedBy === 'system') {
    const merchantDue = due('merchant');
    if (merchantDue && !evidenceFrom('merchant')) {
      return {
        rule: 'payout_proof_uncontested',
        flow: 'payout',
        ruling: 'release',
        reasonCode: 'auto_proof_uncontested',
        note: "Automatic ruling: the merchant did not contest the trader's proof by the deadline.",
        holdsFrom: merchantDue,
      };
    }
    return null;
  }
  const traderDue = due('trader');
  if (traderDue && !evidenceFrom('trader')) {
    return {
      rule: 'payout_trader_unresponsive',
      flow: 'payout',
      ruling: 'refund',
      reasonCode: 'auto_trader_unresponsive',
      note: 'Automatic ruling: the trader did not answer the dispute by the deadline.',
      holdsFrom: traderDue,
    };
  }
  return null;
}
