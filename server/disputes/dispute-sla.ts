import type { DisputeFlow } from '../orders/order-ref';

/**
 * The kinds of dispute the SLA tells apart, from the flow and who opened the case (the actor of the
 * transition into DISPUTED). Dispute reasons themselves are free text from the parties.
 */
export type DisputeKind = 'merchant_disputes_payout' | 'merchant_silent' | 'trader_not_received' | 'buyer_reports_problem';

export interface DisputeSla {
  label: string;
  /** Hours from disputedAt within which an operator claims the case (the first response). */
  firstResponseHours: number;
  /** Hours from disputedAt within which the case is ruled. */
  rulingHours: number;
}

/**
 * The service levels of docs/operator-guide.md, "Due-by times" (the table there is this one).
 * Buyers wait at a checkout, so their reports come first; a merchant who never answered is the
 * slowest to need a ruling, since the money stays frozen and nobody is waiting on a screen.
 */
export const disputeSlas: Record<DisputeKind, DisputeSla> = {
  buyer_reports_problem: { label: 'Buyer reports a problem (pay-in)', firstResponseHours: 1, rulingHours: 8 },
  trader_not_received: { label: 'Trader: money not received (pay-in)', firstResponseHours: 2, rulingHours: 12 },
  merchant_disputes_payout: { label: 'Merchant disputes the transfer (payout)', firstResponseHours: 4, rulingHours: 24 },
  merchant_silent: { label: 'Merchant did not decide in time (payout)', firstResponseHours: 8, rulingHours: 48 },
};

/** The kind of a dispute from its flow and the actor type of the transition into DISPUTED. */
export function disputeKindOf(flow: DisputeFlow, openedBy: string | null): DisputeKind {
  if (flow === 'payout') return openedBy === 'system' ? 'merchant_silent' : 'merchant_disputes_payout';
  return openedBy === 'buyer' ? 'buyer_reports_problem' : 'trader_not_received';
}

export interface DueBy {
  kind: DisputeKind;
  /** Before a claim the next deadline is the first response; after it, the ruling. */
  stage: 'first_response' | 'ruling';
  dueAt: string;
  overdue: boolean;
}

/** The next deadline of an open case, from disputedAt, its kind and whether anyone holds it. */
export function dueByOf(options: { flow: DisputeFlow; openedBy: string | null; disputedAt: Date; claimed: boolean; now: Date }): DueBy {
  const kind = disputeKindOf(options.flow, options.openedBy);
  const sla = disputeSlas[kind];
  const stage = options.claimed ? 'ruling' : 'first_response';
  const hours = stage === 'ruling' ? sla.rulingHours : sla.firstResponseHours;
  const dueAt = new Date(options.disputedAt.getTime() + hours * 3_600_000);
  return { kind, stage, dueAt: dueAt.toISOString(), overdue: options.now.getTime() > dueAt.getTime() };
}
