import type { Tx } from '../../db/client';
import { orderTimerAdjustments } from '../../db/schema';
import type { DisputeFlow } from './order-ref';
import { liveDeadlineOf, plusSeconds } from './live-deadline';

interface PausableRow {
  timersPausedAt: Date | null;
  [column: string]: unknown;
}

export interface PausePlan {
  /** Columns to set on the order with the transition. */
  set: Record<string, unknown>;
  /** The order_timer_adjustments row to write with it. */
  adjustment: Omit<typeof orderTimerAdjustments.$inferInsert, 'flow' | 'orderId' | 'actorType' | 'actorId' | 'createdAt'>;
}

/**
 * What a transition into or out of DISPUTED does to the order's clocks (docs/state-machines.md,
 * "Pauses"): entering stops them (timers_paused_at, a 'pause' row); leaving for a live state moves
 * that state's deadline on by the paused time, so the party gets back exactly the time the dispute
 * took ('resume'); leaving for a final state ends the pause ('resume' moving nothing). Null for
 * every other transition.
 */
export function planDisputePause(flow: DisputeFlow, row: PausableRow, from: string, to: string, now: Date): PausePlan | null {
  if (to === 'DISPUTED' && from !== 'DISPUTED') {
    return { set: { timersPausedAt: now }, adjustment: { kind: 'pause', timer: null, seconds: 0 } };
  }
  if (from !== 'DISPUTED' || to === 'DISPUTED') return null;
  const pausedAt = row.timersPausedAt;
  const seconds = pausedAt ? Math.max(0, Math.round((now.getTime() - pausedAt.getTime()) / 1000)) : 0;
  const deadline = liveDeadlineOf(flow, to);
  const current = deadline ? row[deadline.field] : null;
  if (deadline && current instanceof Date) {
    return {
      set: { timersPausedAt: null, [deadline.field]: plusSeconds(current, seconds) },
      adjustment: { kind: 'resume', timer: deadline.column, seconds },
    };
  }
  return { set: { timersPausedAt: null }, adjustment: { kind: 'resume', timer: null, seconds } };
}

/** Writes the adjustment row of a planned pause or resume, in the transition's transaction. */
export async function recordPause(
  tx: Tx,
  input: { flow: DisputeFlow; orderId: string; plan: PausePlan; actor: { type: string; id?: string | null }; now: Date },
): Promise<void> {
  await tx.insert(orderTimerAdjustments).values({
    ...input.plan.adjustment,
    flow: input.flow,
    orderId: input.orderId,
    actorType: input.actor.type,
    actorId: input.actor.id ?? null,
    createdAt: input.now,
  });
}
