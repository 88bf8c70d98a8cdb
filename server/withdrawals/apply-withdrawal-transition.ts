import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { walletWithdrawals, type WithdrawalState } from '../../db/schema';
import { writeEvent } from '../orders/write-event';
import { planTransition, type ActorType } from '../orders/machine';
import { withdrawalMachine, type WithdrawalAction } from './withdrawal-machine';
import { withdrawalView } from './withdrawal.schema';

export type WithdrawalRow = typeof walletWithdrawals.$inferSelect;
type WithdrawalChanges = Partial<
  Pick<WithdrawalRow, 'reason' | 'chainSendId' | 'txHash' | 'gasSpent' | 'gasSymbol' | 'caseOpenedAt' | 'decidedAt' | 'decidedBy' | 'signedAt' | 'broadcastAt' | 'confirmedAt' | 'failedAt'>
>;

interface ApplyWithdrawalTransitionOptions {
  withdrawal: WithdrawalRow;
  action: WithdrawalAction;
  actor: ActorType;
  changes: WithdrawalChanges;
  now: Date;
}

/**
 * Moves a withdrawal through its machine (server/withdrawals/withdrawal-machine.ts) in the caller's
 * transaction: the plan is checked against the row's state, the UPDATE repeats the check, and the
 * transition's event goes to the merchant's outbox with it. Returns the updated row, or null when
 * another transaction moved it first (exactly one wins); the caller's ledger transfer follows only
 * a non-null row.
 */
export async function applyWithdrawalTransition(
  tx: Tx,
  { withdrawal, action, actor, changes, now }: ApplyWithdrawalTransitionOptions,
): Promise<WithdrawalRow | null> {
  const plan = planTransition(withdrawalMachine, { current: withdrawal.state, action, actor, context: { now } });
  const [row] = await tx
    .update(walletWithdrawals)
    .set({ ...changes, state: plan.to, updatedAt: now })
    .where(and(eq(walletWithdrawals.id, withdrawal.id), inArray(walletWithdrawals.state, plan.from as WithdrawalState[])))
    .returning();
  if (!row) return null;
  if (plan.event) await writeWithdrawalEvent(tx, { row, type: plan.event, now });
  return row;
}

interface WriteWithdrawalEventOptions {
  row: WithdrawalRow;
  type: string;
  now: Date;
}

/** A merchant's withdrawal event (docs/webhooks.md, "Withdrawal events"); a trader's has no outbox. */
export async function writeWithdrawalEvent(tx: Tx, { row, type, now }: WriteWithdrawalEventOptions): Promise<void> {
  if (row.ownerType !== 'merchant') return;
  await writeEvent(tx, { merchantId: row.ownerId, type, flow: 'withdrawal', orderId: null, data: withdrawalView(row), now });
}
