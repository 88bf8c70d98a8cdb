import { and, asc, desc, eq, like, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderTransitions } from '../../db/schema';
import type { DisputeFlow } from '../orders/order-ref';
import { answerDueAtFrom, autoRules, clearCaseRule, type AutoRule } from './auto-rules';
import { disputeDeadlineSettingsOf, type DisputeDeadlineSettings } from './dispute-deadline-settings';
import { loadDisputeFacts } from './dispute-facts';

const MINUTE = 60_000;

export interface BacktestReport {
  /** Disputes an operator ruled on (approvals of four-eyes proposals included; automatic rulings left out). */
  closed: number;
  /** Per rule: how many it would have settled, and of those how many against the operator's ruling. */
  rules: Record<AutoRule, { settled: number; agreed: number; wrong: number }>;
  /** Closed disputes no rule would have settled: they needed an operator anyway. */
  leftToOperators: number;
}

/** The operator's ruling as the rules name rulings: resolve_release -> release, resolve_split -> split. */
const outcomeOf = (action: string) => action.replace(/^resolve_/, '');

/**
 * Replays the automatic rules over disputes operators already ruled on (docs/operator-guide.md,
 * "Automatic rulings", "Back-test"): each dispute's facts are read as they stood when the rule
 * would have fired, i.e. its answer deadlines from the settings plus the stop window (the same
 * instant the scheduler re-checks a rule before applying it), whether or not the operator had
 * ruled by then. A rule's ruling that differs from the operator's (a split counts as different)
 * is wrong.
 */
export async function backtestAutoRulings(db: Executor, options: { settings?: DisputeDeadlineSettings } = {}): Promise<BacktestReport> {
  const settings = options.settings ?? (await disputeDeadlineSettingsOf(db));
  const rulings = await db
    .select()
    .from(orderTransitions)
    .where(and(eq(orderTransitions.fromStatus, 'DISPUTED'), like(orderTransitions.action, 'resolve_%'), eq(orderTransitions.actorType, 'operator')))
    .orderBy(asc(orderTransitions.createdAt));
  const report: BacktestReport = {
    closed: 0,
    rules: Object.fromEntries(autoRules.map((rule) => [rule, { settled: 0, agreed: 0, wrong: 0 }])) as BacktestReport['rules'],
    leftToOperators: 0,
  };
  for (const ruled of rulings) {
    const flow = ruled.flow as DisputeFlow;
    const [opened] = await db
      .select()
      .from(orderTransitions)
      .where(and(eq(orderTransitions.flow, flow), eq(orderTransitions.orderId, ruled.orderId), eq(orderTransitions.toStatus, 'DISPUTED'), lte(orderTransitions.createdAt, ruled.createdAt)))
      .orderBy(desc(orderTransitions.createdAt))
      .limit(1);
    if (!opened) continue;
    report.closed += 1;
    const facts = await loadDisputeFacts(db, { flow, orderId: ruled.orderId, disputedAt: opened.createdAt, settings });
    // The deadlines as the settings give them now, so a back-test answers "what would these settings have done".
    facts.answerDueAt = answerDueAtFrom(flow, opened.actorType, opened.createdAt, settings);
    const latestDue = Math.max(opened.createdAt.getTime(), ...Object.values(facts.answerDueAt).map((due) => due.getTime()));
    const decision = clearCaseRule(facts, new Date(latestDue + settings.autoRulingWindowMinutes * MINUTE));
    if (!decision) {
      report.leftToOperators += 1;
      continue;
    }
    const row = report.rules[decision.rule];
    row.settled += 1;
    if (decision.ruling === outcomeOf(ruled.action)) row.agreed += 1;
    else row.wrong += 1;
  }
  return report;
}
