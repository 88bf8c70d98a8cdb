import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { chainDeposits, type DepositState } from '../../db/schema';
import { writeEvent } from '../orders/write-event';
import { depositMachine, type DepositAction } from './deposit-machine';
import { planTransition, type ActorType } from '../orders/machine';
import { depositView } from './deposit.schema';

type DepositRow = typeof chainDeposits.$inferSelect;
type DepositChanges = Partial<Pick<DepositRow, 'confirmations' | 'confirmedAt' | 'creditedAt' | 'orphanedAt' | 'heldReason' | 'transferId' | 'ownerType' | 'ownerId'>>;

interface ApplyDepositTransitionOptions {
  deposit: DepositRow;
  action: DepositAction;
  changes: DepositChanges;
  now: Date;
  actor?: ActorType;
}

/**
 * Moves a deposit through its machine (server/deposits/deposit-machine.ts) in the caller's
 * transaction: the plan is checked against the row's state, the UPDATE repeats the check
 * (`state = any(from)`), and the transition's event goes to the merchant's outbox with it. Returns
 * the updated row, or null when another watcher moved the deposit first (exactly one wins).
 */
export async function applyDepositTransition(
  tx: Tx,
  { deposit, action, changes, now, actor = 'system' }: ApplyDepositTransitionOptions,
): Promise<DepositRow | null> {
  const plan = planTransition(depositMachine, { current: deposit.state, action, actor, context: { now } });
  const [row] = await tx
    .update(chainDeposits)
    .set({ ...changes, state: plan.to, updatedAt: now })
    .where(and(eq(chainDeposits.id, deposit.id), inArray(chainDeposits.state, plan.from as DepositState[])))
    .returning();
  if (!row) return null;
  if (plan.event) await writeDepositEvent(tx, { row, type: plan.event, now });
  return row;
}

interface WriteDepositEventOptions {
  row: DepositRow;
  type: string;
  now: Date;
}

/** A merchant's deposit event (docs/webhooks.md, "Deposit events"); a trader's deposit has no outbox. */
export async function writeDepositEvent(tx: Tx, { row, type, now }: WriteDepositEventOptions): Promise<void> {
  if (row.ownerType !== 'merchant' || !row.ownerId) return;
  await writeEvent(tx, { merchantId: row.ownerId, type, flow: 'deposit', orderId: null, data: depositView(row), now });
}
