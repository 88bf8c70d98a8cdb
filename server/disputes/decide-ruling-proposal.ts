import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { disputeRulingProposals, payinOrders, payoutOrders } from '../../db/schema';
import { recordAudit } from '../audit';
import { DomainError } from '../errors';
import { parseInput } from '../validation/parse-input';
import { applyRuling, type CheckedRuling } from './apply-ruling';
import { auditActorOf, type OperatorActor } from '../audit/operator-actor';
import type { RulingReasonCode } from '../rulings/ruling-reasons';

export const decideRulingProposalInput = z.discriminatedUnion('decision', [
  z.object({ proposalId: z.uuid(), decision: z.literal('approve') }).strict(),
  z.object({ proposalId: z.uuid(), decision: z.literal('reject'), reason: z.string().trim().min(1, { error: 'is required' }).max(500) }).strict(),
  z.object({ proposalId: z.uuid(), decision: z.literal('withdraw') }).strict(),
]);
type DecideRulingProposalInput = z.input<typeof decideRulingProposalInput>;

interface DecideRulingProposalOptions {
  input: DecideRulingProposalInput;
  operator: OperatorActor;
  now?: Date;
}

/**
 * A second operator decides a four-eyes proposal (docs/operator-guide.md, "Four eyes"): approve
 * applies the proposed ruling in the same transaction that marks the proposal approved; reject needs
 * a reason. The proposer may not decide their own, only withdraw it. The order row is locked first
 * (as a ruling locks it), then the proposal is read: of two decisions at once the second waits,
 * finds the proposal no longer pending and is refused with PROPOSAL_NOT_PENDING. The threshold is
 * not read again: a proposal made under it needs its second operator even if the threshold was
 * raised since (docs/security.md, "Control changes").
 */
export async function decideRulingProposal(db: Db, { input: rawInput, operator, now = new Date() }: DecideRulingProposalOptions) {
  const input = parseInput(decideRulingProposalInput, rawInput);

  return retryTransaction(db, async (tx) => {
    const [found] = await tx.select({ flow: disputeRulingProposals.flow, orderId: disputeRulingProposals.orderId }).from(disputeRulingProposals).where(eq(disputeRulingProposals.id, input.proposalId));
    if (!found) throw new DomainError('NOT_FOUND', 'No such proposal.');
    const table = found.flow === 'payout' ? payoutOrders : payinOrders;
    await tx.select({ id: table.id }).from(table).where(eq(table.id, found.orderId)).for('update');

    const [proposal] = await tx.select().from(disputeRulingProposals).where(eq(disputeRulingProposals.id, input.proposalId)).for('update');
    if (!proposal || proposal.status !== 'pending') {
      throw new DomainError('PROPOSAL_NOT_PENDING', `This proposal was already ${proposal?.status ?? 'removed'}.`, { meta: { status: proposal?.status ?? 'removed' } });
    }
    const own = proposal.proposedBy === operator.id;
    if (input.decision === 'withdraw' && !own) throw new DomainError('ACTION_NOT_ALLOWED', 'Only the operator who proposed a ruling may withdraw it.');
    if (input.decision !== 'withdraw' && own) {
      throw new DomainError('SELF_APPROVAL_FORBIDDEN', 'A ruling you proposed needs another operator to approve or reject it.');
    }

    const status = input.decision === 'approve' ? 'approved' : input.decision === 'reject' ? 'rejected' : 'withdrawn';
    await tx.update(disputeRulingProposals).set({ status, decidedBy: operator.id, decidedAt: now }).where(eq(disputeRulingProposals.id, proposal.id));

    const audit = auditActorOf(operator);
    await recordAudit(tx, {
      actorType: audit.type,
      actorId: audit.id,
      ip: audit.ip,
      action: `dispute.${input.decision}_ruling`,
      targetType: proposal.flow,
      targetId: proposal.orderId,
      details: { proposalId: proposal.id, proposedBy: proposal.proposedBy, fourEyesThreshold: proposal.fourEyesThreshold, ruling: proposal.ruling, reasonCode: proposal.reasonCode, splitAmount: proposal.splitAmount, ...(input.decision === 'reject' ? { reason: input.reason } : {}) },
    });

    if (input.decision !== 'approve') return { proposalId: proposal.id, status, orderStatus: 'DISPUTED' as string };
    // The proposal was checked against the locked order when it was made, and a pending proposal
    // blocks every other ruling, so the order is still DISPUTED with the same amounts.
    const ruling = {
      flow: proposal.flow,
      orderId: proposal.orderId,
      ruling: proposal.ruling,
      reasonCode: proposal.reasonCode as RulingReasonCode,
      splitAmount: proposal.splitAmount,
      note: proposal.note,
    } as CheckedRuling;
    const ruled = await applyRuling(tx, { ruling, operator, now, extraAudit: { proposalId: proposal.id, proposedBy: proposal.proposedBy } });
    return { proposalId: proposal.id, status, orderStatus: ruled.status, eventId: ruled.eventId };
  });
}
