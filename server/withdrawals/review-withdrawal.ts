import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { walletWithdrawals, withdrawalProposals } from '../../db/schema';
import { recordAudit } from '../audit';
import { fourEyesThreshold, needsFourEyes } from '../disputes/four-eyes-threshold';
import { auditActorOf, type OperatorActor } from '../audit/operator-actor';
import { DomainError } from '../errors';
import { Dec } from '../money/decimal';
import { parseInput } from '../validation/parse-input';
import { planTransition } from '../orders/machine';
import { withdrawalMachine } from './withdrawal-machine';
import type { WithdrawalRow } from './apply-withdrawal-transition';
import { approveWithdrawal } from './approve-withdrawal';
import { rejectWithdrawal } from './reject-withdrawal';
import { withdrawalView } from './withdrawal.schema';

const reason = z.string().trim().min(1, { error: 'is required' }).max(500);

export const reviewWithdrawalInput = z.discriminatedUnion('decision', [
  z.object({ withdrawalId: z.uuid(), decision: z.literal('approve') }).strict(),
  z.object({ withdrawalId: z.uuid(), decision: z.literal('reject'), reason }).strict(),
]);
type ReviewWithdrawalInput = z.input<typeof reviewWithdrawalInput>;

export const decideWithdrawalProposalInput = z.discriminatedUnion('decision', [
  z.object({ proposalId: z.uuid(), decision: z.literal('approve') }).strict(),
  z.object({ proposalId: z.uuid(), decision: z.literal('reject'), reason }).strict(),
  z.object({ proposalId: z.uuid(), decision: z.literal('withdraw') }).strict(),
]);
type DecideWithdrawalProposalInput = z.input<typeof decideWithdrawalProposalInput>;

interface ReviewWithdrawalOptions {
  input: ReviewWithdrawalInput;
  operator: OperatorActor;
  now?: Date;
}

/**
 * An operator approves or rejects a withdrawal waiting in REQUESTED (docs/operator-guide.md,
 * "Withdrawals"). At or under the platform's four-eyes threshold the decision applies at once;
 * above it, it becomes a proposal another operator must approve: the disputes' four-eyes rule and
 * threshold (server/disputes/four-eyes-threshold.ts). The withdrawal row is locked first, so of two
 * decisions at once the second finds it moved on or a proposal pending. Audited either way.
 */
export async function reviewWithdrawal(db: Db, { input: rawInput, operator, now = new Date() }: ReviewWithdrawalOptions) {
  const input = parseInput(reviewWithdrawalInput, rawInput);
  return retryTransaction(db, async (tx) => {
    const withdrawal = await lockRequested(tx, input.withdrawalId, input.decision, now);
    const [pending] = await tx
      .select({ id: withdrawalProposals.id })
      .from(withdrawalProposals)
      .where(and(eq(withdrawalProposals.withdrawalId, withdrawal.id), eq(withdrawalProposals.status, 'pending')));
    if (pending) {
      throw new DomainError('RULING_PROPOSAL_PENDING', 'A decision on this withdrawal already waits for a second operator.', { meta: { proposalId: pending.id } });
    }
    const threshold = (await fourEyesThreshold(tx)).amount;
    const total = new Dec(withdrawal.amount).plus(withdrawal.fee).toFixed(6);
    const audit = auditActorOf(operator);
    const why = input.decision === 'reject' ? input.reason : null;
    if (needsFourEyes(total, threshold)) {
      const [proposal] = await tx
        .insert(withdrawalProposals)
        .values({ withdrawalId: withdrawal.id, decision: input.decision, reason: why, fourEyesThreshold: threshold, proposedBy: operator.id, createdAt: now })
        .returning();
      await recordAudit(tx, {
        actorType: audit.type,
        actorId: audit.id,
        ip: audit.ip,
        action: `withdrawal.propose_${input.decision}`,
        targetType: 'withdrawal',
        targetId: withdrawal.id,
        details: { proposalId: proposal!.id, fourEyesThreshold: threshold, total, ...(why ? { reason: why } : {}) },
      });
      return { status: 'proposed' as const, proposalId: proposal!.id, withdrawal: withdrawalView(withdrawal) };
    }
    const decided = await applyDecision(tx, withdrawal, input.decision, why, operator, now);
    await recordAudit(tx, {
      actorType: audit.type,
      actorId: audit.id,
      ip: audit.ip,
      action: `withdrawal.${input.decision}`,
      targetType: 'withdrawal',
      targetId: withdrawal.id,
      details: { total, ...(why ? { reason: why } : {}) },
    });
    return { status: 'decided' as const, proposalId: null, withdrawal: withdrawalView(decided) };
  });
}

interface DecideWithdrawalProposalOptions {
  input: DecideWithdrawalProposalInput;
  operator: OperatorActor;
  now?: Date;
}

/**
 * A second operator decides a four-eyes proposal: approve applies the proposed decision in the
 * same transaction; the proposer may only withdraw their own (SELF_APPROVAL_FORBIDDEN otherwise),
 * as with ruling proposals. The threshold is not read again.
 */
export async function decideWithdrawalProposal(db: Db, { input: rawInput, operator, now = new Date() }: DecideWithdrawalProposalOptions) {
  const input = parseInput(decideWithdrawalProposalInput, rawInput);
  return retryTransaction(db, async (tx) => {
    const [found] = await tx.select({ withdrawalId: withdrawalProposals.withdrawalId }).from(withdrawalProposals).where(eq(withdrawalProposals.id, input.proposalId));
    if (!found) throw new DomainError('NOT_FOUND', 'No such proposal.');
    const [withdrawal] = await tx.select().from(walletWithdrawals).where(eq(walletWithdrawals.id, found.withdrawalId)).for('update');
    const [proposal] = await tx.select().from(withdrawalProposals).where(eq(withdrawalProposals.id, input.proposalId)).for('update');
    if (!withdrawal || !proposal || proposal.status !== 'pending') {
      throw new DomainError('PROPOSAL_NOT_PENDING', `This proposal was already ${proposal?.status ?? 'removed'}.`, { meta: { status: proposal?.status ?? 'removed' } });
    }
    const own = proposal.proposedBy === operator.id;
    if (input.decision === 'withdraw' && !own) throw new DomainError('ACTION_NOT_ALLOWED', 'Only the operator who proposed a decision may withdraw it.');
    if (input.decision !== 'withdraw' && own) throw new DomainError('SELF_APPROVAL_FORBIDDEN', 'A decision you proposed needs another operator to approve or reject it.');

    const status = input.decision === 'approve' ? 'approved' : input.decision === 'reject' ? 'rejected' : 'withdrawn';
    await tx.update(withdrawalProposals).set({ status, decidedBy: operator.id, decidedAt: now }).where(eq(withdrawalProposals.id, proposal.id));
    const audit = auditActorOf(operator);
    await recordAudit(tx, {
      actorType: audit.type,
      actorId: audit.id,
      ip: audit.ip,
      action: `withdrawal.${input.decision}_proposal`,
      targetType: 'withdrawal',
      targetId: withdrawal.id,
      details: {
        proposalId: proposal.id,
        proposedBy: proposal.proposedBy,
        proposedDecision: proposal.decision,
        fourEyesThreshold: proposal.fourEyesThreshold,
        ...(input.decision === 'reject' ? { reason: input.reason } : {}),
      },
    });
    if (input.decision !== 'approve') return { proposalId: proposal.id, status, withdrawal: withdrawalView(withdrawal) };
    // A pending proposal blocks every other decision, so the withdrawal is still REQUESTED.
    const decided = await applyDecision(tx, withdrawal, proposal.decision, proposal.reason, { id: proposal.proposedBy }, now);
    return { proposalId: proposal.id, status, withdrawal: withdrawalView(decided) };
  });
}

/** The withdrawal, locked, if an operator may take `action` on it now (INVALID_ORDER_STATE otherwise). */
async function lockRequested(tx: Tx, withdrawalId: string, action: 'approve' | 'reject', now: Date): Promise<WithdrawalRow> {
  const [withdrawal] = await tx.select().from(walletWithdrawals).where(eq(walletWithdrawals.id, withdrawalId)).for('update');
  if (!withdrawal) throw new DomainError('NOT_FOUND', 'No such withdrawal.');
  planTransition(withdrawalMachine, { current: withdrawal.state, action, actor: 'operator', context: { now } });
  return withdrawal;
}

function applyDecision(tx: Tx, withdrawal: WithdrawalRow, decision: 'approve' | 'reject', why: string | null, operator: OperatorActor, now: Date): Promise<WithdrawalRow> {
  if (decision === 'approve') return approveWithdrawal(tx, { withdrawal, actor: { type: 'operator', id: operator.id }, now });
  return rejectWithdrawal(tx, { withdrawal, operatorId: operator.id, reason: why ?? '', now });
}
