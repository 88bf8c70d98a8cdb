import type { Tx } from '../../db/client';
import { accountIds } from '../ledger/account-ids';
import { move } from '../ledger/move';
import { Dec } from '../money/decimal';
import type { WithdrawalRow } from './apply-withdrawal-transition';
import { releaseFromLimits, withdrawalDay } from './daily-totals';

/**
 * Gives a rejected or failed withdrawal's amount + fee back to the owner's available balance in one
 * transfer, and its amount back to the day's limits (it never left).
 */
export async function returnWithdrawalFunds(tx: Tx, withdrawal: WithdrawalRow, kind: 'withdrawal.reject' | 'withdrawal.fail'): Promise<void> {
  const owner = { type: withdrawal.ownerType, id: withdrawal.ownerId };
  await move(tx, {
    id: `withdrawal:${withdrawal.id}:${kind === 'withdrawal.reject' ? 'reject' : 'fail'}`,
    kind,
    from: accountIds.withdrawalPending(owner),
    to: [{ accountId: accountIds.available(owner), amount: new Dec(withdrawal.amount).plus(withdrawal.fee).toFixed(6) }],
  });
  await releaseFromLimits(tx, { owner, amount: withdrawal.amount, day: withdrawalDay(withdrawal.requestedAt) });
}
