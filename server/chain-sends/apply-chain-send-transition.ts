import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { chainSends, type ChainSendState } from '../../db/schema';
import { chainSendMachine, type ChainSendAction } from './chain-send-machine';
import { planTransition } from '../orders/machine';

export type ChainSendRow = typeof chainSends.$inferSelect;
type ChainSendChanges = Partial<Omit<ChainSendRow, 'id' | 'chain' | 'purpose' | 'referenceId' | 'toAddress' | 'amount' | 'state' | 'createdAt'>>;

interface ApplyChainSendTransitionOptions {
  send: ChainSendRow;
  action: ChainSendAction;
  changes: ChainSendChanges;
  now: Date;
}

/**
 * Moves a send through its machine (server/chain-sends/chain-send-machine.ts) in the caller's
 * transaction: the plan is checked against the row's state and the UPDATE repeats the check, so of
 * two signers acting on one send exactly one moves it. Returns the updated row, or null when the
 * other won.
 */
export async function applyChainSendTransition(tx: Tx, { send, action, changes, now }: ApplyChainSendTransitionOptions): Promise<ChainSendRow | null> {
  const plan = planTransition(chainSendMachine, { current: send.state, action, actor: 'system', context: { now } });
  const [row] = await tx
    .update(chainSends)
    .set({ ...changes, state: plan.to, updatedAt: now })
    .where(and(eq(chainSends.id, send.id), inArray(chainSends.state, plan.from as ChainSendState[])))
    .returning();
  return row ?? null;
}
