import { and, desc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog, disputeRulingProposals, payinOrders, payoutOrders, users } from '../../db/schema';
import { DomainError } from '../errors';
import { fmt2, fmt6, isoMs } from '../money/format';
import { frozenAmountOf } from '../payouts/payout-ledger';
import type { DisputeRef } from '../orders/order-ref';
import { fourEyesThreshold, needsFourEyes } from './four-eyes-threshold';
import { rulingReasonLabels, operatorReasonCodes, type RulingReasonCode } from '../rulings/ruling-reasons';
import { parseSplitAmount, payinSplitLegs, payoutSplitLegs, type SplitLegs } from '../rulings/split-ruling';

interface RulingProposalView {
  id: string;
  ruling: string;
  reasonCode: string;
  splitAmount: string | null;
  /** Where the money would go if approved (a split's legs); null for the other rulings. */
  legs: SplitLegs | null;
  note: string;
  /** The four-eyes threshold it was proposed under, which still applies to it. */
  fourEyesThreshold: string;
  proposedBy: { id: string; name: string };
  createdAt: string;
}

/**
 * What the ruling form needs besides the case: the split's whole and precision, the order's USDT
 * total against the four-eyes threshold, the reason codes, and the proposal waiting for a second
 * operator, if any.
 */
export async function getRulingContext(db: Executor, ref: DisputeRef) {
  const order =
    ref.flow === 'payout'
      ? await db.select().from(payoutOrders).where(eq(payoutOrders.id, ref.orderId)).then(([row]) => row && { row, total: frozenAmountOf(row), splitBase: fmt2(row.usdAmount), decimals: 2 as const })
      : await db.select().from(payinOrders).where(eq(payinOrders.id, ref.orderId)).then(([row]) => row && { row, total: row.assetAmount, splitBase: fmt6(row.assetAmount), decimals: 6 as const });
  if (!order) throw new DomainError('ORDER_NOT_FOUND', 'Order not found.');
  const threshold = await fourEyesThreshold(db);

  const [pending] = await db
    .select({ proposal: disputeRulingProposals, name: users.displayName })
    .from(disputeRulingProposals)
    .leftJoin(users, eq(users.id, disputeRulingProposals.proposedBy))
    .where(and(eq(disputeRulingProposals.flow, ref.flow), eq(disputeRulingProposals.orderId, ref.orderId), eq(disputeRulingProposals.status, 'pending')))
    .orderBy(desc(disputeRulingProposals.createdAt))
    .limit(1);

  const legsOf = (amount: string): SplitLegs =>
    ref.flow === 'payout' ? payoutSplitLegs(order.row as typeof payoutOrders.$inferSelect, amount) : payinSplitLegs(order.row as typeof payinOrders.$inferSelect, amount);
  const proposal: RulingProposalView | null = pending
    ? {
        id: pending.proposal.id,
        ruling: pending.proposal.ruling,
        reasonCode: pending.proposal.reasonCode,
        splitAmount: pending.proposal.splitAmount ? (order.decimals === 2 ? fmt2(pending.proposal.splitAmount) : fmt6(pending.proposal.splitAmount)) : null,
        legs: pending.proposal.splitAmount ? legsOf(pending.proposal.splitAmount) : null,
        note: pending.proposal.note,
        fourEyesThreshold: fmt2(pending.proposal.fourEyesThreshold),
        // An automatic ruling above the threshold has no operator behind it: the rule is named instead.
        proposedBy: pending.proposal.proposedBy ? { id: pending.proposal.proposedBy, name: pending.name ?? 'an operator' } : { id: '', name: 'Automatic ruling' },
        createdAt: isoMs(pending.proposal.createdAt),
      }
    : null;

  return {
    lastDecision: pending ? null : await lastDecisionOf(db, ref),
    flow: ref.flow,
    orderId: ref.orderId,
    orderNo: order.row.orderNo,
    splitBase: order.splitBase,
    splitDecimals: order.decimals,
    total: order.decimals === 2 ? fmt2(order.total) : fmt6(order.total),
    // A pending proposal keeps the threshold it was made under; otherwise the one in effect now.
    fourEyesThreshold: proposal ? proposal.fourEyesThreshold : threshold.amount,
    needsFourEyes: proposal ? true : needsFourEyes(order.total, threshold.amount),
    reasons: operatorReasonCodes.map((code: RulingReasonCode) => ({ code, label: rulingReasonLabels[code] })),
    proposal,
  };
}

/** The legs a split of `amount` would post, for the form's confirmation; SPLIT_AMOUNT_INVALID as the ruling would answer. */
export async function previewSplit(db: Executor, ref: DisputeRef & { amount: string }): Promise<SplitLegs> {
  if (ref.flow === 'payout') {
    const [row] = await db.select().from(payoutOrders).where(eq(payoutOrders.id, ref.orderId));
    if (!row) throw new DomainError('ORDER_NOT_FOUND', 'Order not found.');
    return payoutSplitLegs(row, parseSplitAmount('payout', ref.amount, row.usdAmount));
  }
  const [row] = await db.select().from(payinOrders).where(eq(payinOrders.id, ref.orderId));
  if (!row) throw new DomainError('ORDER_NOT_FOUND', 'Order not found.');
  return payinSplitLegs(row, parseSplitAmount('payin', ref.amount, row.assetAmount));
}

/**
 * The latest proposal decided on this case (rejected or withdrawn; an approved one ends the case),
 * so that the proposer sees why their ruling did not apply. The rejection reason is in its audit row.
 */
async function lastDecisionOf(db: Executor, ref: DisputeRef) {
  const [last] = await db
    .select({ id: disputeRulingProposals.id, status: disputeRulingProposals.status, decidedAt: disputeRulingProposals.decidedAt, name: users.displayName })
    .from(disputeRulingProposals)
    .innerJoin(users, eq(users.id, disputeRulingProposals.decidedBy))
    .where(and(eq(disputeRulingProposals.flow, ref.flow), eq(disputeRulingProposals.orderId, ref.orderId), ne(disputeRulingProposals.status, 'pending')))
    .orderBy(desc(disputeRulingProposals.decidedAt))
    .limit(1);
  if (!last || last.status === 'approved') return null;
  let reason: string | null = null;
  if (last.status === 'rejected') {
    const rows = await db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'dispute.reject_ruling'), eq(auditLog.targetType, ref.flow), eq(auditLog.targetId, ref.orderId)))
      .orderBy(desc(auditLog.id));
    const row = rows.find((candidate) => candidate.details?.proposalId === last.id);
    reason = typeof row?.details?.reason === 'string' ? row.details.reason : null;
  }
  return { status: last.status, decidedBy: last.name, decidedAt: last.decidedAt ? isoMs(last.decidedAt) : null, reason };
}
