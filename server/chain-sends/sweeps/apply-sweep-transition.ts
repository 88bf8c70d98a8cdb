import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { chainSweeps, type ChainSweepState } from '../../../db/schema';
import { planTransition } from '../../orders/machine';
import { sweepMachine, type ChainSweepAction } from './sweep-machine';

export type ChainSweepRow = typeof chainSweeps.$inferSelect;
type SweepChanges = Partial<Pick<ChainSweepRow, 'topupGasSpent' | 'sweepGasSpent' | 'failureReason' | 'sweptAt'>>;

interface ApplySweepTransitionOptions {
  sweep: ChainSweepRow;
  action: ChainSweepAction;
  changes: SweepChanges;
  now: Date;
}

/**
 * Moves a sweep through its machine in the caller's transaction; the UPDATE repeats the state
 * check, so of two signers settling one send exactly one moves the sweep. Null when the other won.
 */
export async function applySweepTransition(tx: Tx, { sweep, action, changes, now }: ApplySweepTransitionOptions): Promise<ChainSweepRow | null> {
  const plan = planTransition(sweepMachine, { current: sweep.state, action, actor: 'system', context: { now } });
  const [row] = await tx
    .update(chainSweeps)
    .set({ ...changes, state: plan.to, updatedAt: now })
    .where(and(eq(chainSweeps.id, sweep.id), inArray(chainSweeps.state, plan.from as ChainSweepState[])))
    .returning();
  return row ?? null;
}
