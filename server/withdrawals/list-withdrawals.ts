import { and, desc, eq, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { walletWithdrawals, withdrawalProposals } from '../../db/schema';
import { DomainError } from '../errors';
import type { WithdrawalOwner } from './withdrawal-owner';
import { withdrawalView, type ListWithdrawalsQuery } from './withdrawal.schema';

const ownedBy = (owner: WithdrawalOwner) => and(eq(walletWithdrawals.ownerType, owner.type), eq(walletWithdrawals.ownerId, owner.id))!;

/**
 * An owner's withdrawals, newest first, a page at a time after the last id seen. Only the owner's:
 * another owner's withdrawal id pages nothing (its position is read within the owner's rows).
 */
export async function listWithdrawals(db: Executor, owner: WithdrawalOwner, query: ListWithdrawalsQuery) {
  const conditions: SQL[] = [ownedBy(owner)];
  if (query.state) conditions.push(eq(walletWithdrawals.state, query.state));
  if (query.startingAfter) {
    const after = db
      .select({ requestedAt: walletWithdrawals.requestedAt, id: walletWithdrawals.id })
      .from(walletWithdrawals)
      .where(and(ownedBy(owner), eq(walletWithdrawals.id, query.startingAfter)));
    const [position] = await after;
    if (!position) throw new DomainError('VALIDATION_FAILED', 'startingAfter must be the id of one of your withdrawals.', { details: [{ path: 'startingAfter', message: 'must be the id of one of your withdrawals' }] });
    conditions.push(
      or(lt(walletWithdrawals.requestedAt, position.requestedAt), and(eq(walletWithdrawals.requestedAt, position.requestedAt), lt(walletWithdrawals.id, position.id)))!,
    );
  }
  const rows = await db
    .select()
    .from(walletWithdrawals)
    .where(and(...conditions))
    .orderBy(desc(walletWithdrawals.requestedAt), desc(walletWithdrawals.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  return { items: page.map(withdrawalView), hasMore, nextCursor: hasMore ? (page.at(-1)?.id ?? null) : null };
}

/** One of the owner's withdrawals; another owner's is NOT_FOUND, the same as none. */
export async function findWithdrawal(db: Executor, owner: WithdrawalOwner, withdrawalId: string) {
  const [row] = await db.select().from(walletWithdrawals).where(and(ownedBy(owner), eq(walletWithdrawals.id, withdrawalId)));
  if (!row) throw new DomainError('NOT_FOUND', 'No such withdrawal.');
  return withdrawalView(row);
}

/**
 * The operators' queue: withdrawals waiting in REQUESTED, oldest first, with the pending four-eyes
 * proposal if one waits; and failed sends whose case is open.
 */
export async function listWithdrawalsForReview(db: Executor) {
  const waiting = await db
    .select({ row: walletWithdrawals, proposalId: withdrawalProposals.id, proposedDecision: withdrawalProposals.decision, proposedBy: withdrawalProposals.proposedBy })
    .from(walletWithdrawals)
    .leftJoin(withdrawalProposals, and(eq(withdrawalProposals.withdrawalId, walletWithdrawals.id), eq(withdrawalProposals.status, 'pending')))
    .where(eq(walletWithdrawals.state, 'REQUESTED'))
    .orderBy(walletWithdrawals.requestedAt)
    .limit(REVIEW_PAGE);
  const failed = await db
    .select()
    .from(walletWithdrawals)
    .where(and(isNotNull(walletWithdrawals.caseOpenedAt), isNull(walletWithdrawals.caseResolvedAt)))
    .orderBy(walletWithdrawals.caseOpenedAt)
    .limit(REVIEW_PAGE);
  const withOwner = (row: typeof walletWithdrawals.$inferSelect) => ({ ...withdrawalView(row), ownerType: row.ownerType, ownerId: row.ownerId });
  return {
    pending: waiting.map(({ row, proposalId, proposedDecision, proposedBy }) => ({
      ...withOwner(row),
      proposal: proposalId ? { id: proposalId, decision: proposedDecision, proposedBy } : null,
    })),
    openCases: failed.map(withOwner),
  };
}

const REVIEW_PAGE = 200;

