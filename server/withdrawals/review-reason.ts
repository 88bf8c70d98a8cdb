import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { walletWithdrawals, type WithdrawalReviewReason } from '../../db/schema';
import { Dec } from '../money/decimal';
import type { WithdrawalOwner } from './withdrawal-owner';

/** How many of the owner's last withdrawals the "unusual amount" rule looks at, and the factor over their median. */
const HISTORY = 20;
const UNUSUAL_FACTOR = 5;

/** Withdrawals that left, or are on their way: the history the rules compare with. */
const SENT_STATES = ['APPROVED', 'SIGNED', 'BROADCAST', 'CONFIRMED'] as const;

/**
 * Why a new request must wait for an operator, or null to approve it at once (docs/wallet.md,
 * "Approval"): over the auto-approval threshold; the first withdrawal to this address; or more than
 * five times the median of the owner's last 20 withdrawals.
 */
export async function reviewReasonOf(
  tx: Tx,
  options: { owner: WithdrawalOwner; addressId: string; amount: string; fee: string; autoApproveLimit: string },
): Promise<WithdrawalReviewReason | null> {
  if (new Dec(options.amount).plus(options.fee).gt(options.autoApproveLimit)) return 'above_threshold';
  const ownWithdrawals = and(eq(walletWithdrawals.ownerType, options.owner.type), eq(walletWithdrawals.ownerId, options.owner.id));
  const [used] = await tx
    .select({ id: walletWithdrawals.id })
    .from(walletWithdrawals)
    .where(and(ownWithdrawals, eq(walletWithdrawals.addressId, options.addressId), inArray(walletWithdrawals.state, [...SENT_STATES])))
    .limit(1);
  if (!used) return 'new_address';
  const recent = await tx
    .select({ amount: walletWithdrawals.amount })
    .from(walletWithdrawals)
    .where(and(ownWithdrawals, inArray(walletWithdrawals.state, [...SENT_STATES])))
    .orderBy(desc(walletWithdrawals.requestedAt))
    .limit(HISTORY);
  const median = medianOf(recent.map((row) => new Dec(row.amount)));
  if (median && new Dec(options.amount).gt(median.times(UNUSUAL_FACTOR))) return 'unusual_amount';
  return null;
}

function medianOf(values: Dec[]): Dec | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a.comparedTo(b));
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : sorted[middle - 1]!.plus(sorted[middle]!).div(2);
}
