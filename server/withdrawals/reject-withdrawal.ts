import type { Tx } from '../../db/client';
import { applyWithdrawalTransition, type WithdrawalRow } from './apply-withdrawal-transition';
import { movedOn } from './approve-withdrawal';
import { returnWithdrawalFunds } from './return-withdrawal-funds';

interface RejectWithdrawalOptions {
  withdrawal: WithdrawalRow;
  operatorId: string;
  reason: string;
  now: Date;
}

/** Rejects a REQUESTED withdrawal with a reason, in the caller's transaction: amount + fee go back in one transfer. */
export async function rejectWithdrawal(tx: Tx, { withdrawal, operatorId, reason, now }: RejectWithdrawalOptions): Promise<WithdrawalRow> {
  const rejected = await applyWithdrawalTransition(tx, { withdrawal, action: 'reject', actor: 'operator', changes: { reason, decidedAt: now, decidedBy: operatorId }, now });
  if (!rejected) throw movedOn();
  await returnWithdrawalFunds(tx, rejected, 'withdrawal.reject');
  return rejected;
}
