import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { orderTimerAdjustments, schedulerHeartbeats } from '../../db/schema';
import { orderTableOf } from '../orders/order-ref';
import { deadlineColumn, liveDeadlines, type LiveDeadline } from '../orders/live-deadline';

/** The scheduler loop whose heartbeat guards the order timers. */
export const TIMERS_HEARTBEAT = 'timers';
/**
 * Beats further apart than this many ticks mean the platform was not running (a missed tick or two
 * is a slow tick, not an outage).
 */
const OUTAGE_TICKS = 6;

export interface CatchUp {
  /** The gap between the last beat and now, in seconds, when it was an outage; 0 otherwise. */
  outageSeconds: number;
  /** Orders whose deadline moved, per timer column. */
  moved: Record<string, number>;
}

/**
 * One heartbeat of the scheduler (docs/state-machines.md, "Pauses"): when the last beat is more
 * than OUTAGE_TICKS ticks old, the platform was down from that beat until now, and every deadline
 * that fell due inside that window moves on by the whole gap (an 'outage_catch_up' row each), so a
 * party gets the time the platform took from them and the timers do not all fire at once. The beat
 * row is locked for the whole catch-up, so of several processes starting together only the first
 * sees the gap. Run before the timers of the same tick.
 */
export async function beatAndCatchUp(db: Db, now: Date, tickMs: number): Promise<CatchUp> {
  return retryTransaction(db, async (tx) => {
    await tx.insert(schedulerHeartbeats).values({ name: TIMERS_HEARTBEAT, lastBeatAt: now }).onConflictDoNothing();
    const [beat] = await tx.select().from(schedulerHeartbeats).where(eq(schedulerHeartbeats.name, TIMERS_HEARTBEAT)).for('update');
    const last = beat!.lastBeatAt;
    const gapMs = now.getTime() - last.getTime();
    const moved: Record<string, number> = {};
    let outageSeconds = 0;
    if (gapMs > OUTAGE_TICKS * tickMs) {
      outageSeconds = Math.round(gapMs / 1000);
      for (const flow of ['payout', 'payin'] as const) {
        const byColumn = new Map<string, { deadline: LiveDeadline; statuses: string[] }>();
        for (const [status, deadline] of Object.entries(liveDeadlines[flow]) as [string, LiveDeadline][]) {
          const entry = byColumn.get(deadline.column) ?? { deadline, statuses: [] };
          entry.statuses.push(status);
          byColumn.set(deadline.column, entry);
        }
        for (const { deadline, statuses } of byColumn.values()) {
          const count = await moveDueInWindow(tx, { flow, deadline, statuses, from: last, to: now, seconds: outageSeconds });
          if (count > 0) moved[`${flow}.${deadline.column}`] = count;
        }
      }
    }
    // Never backwards: a process with a slow clock must not make the next beat look like a gap.
    if (now > last) await tx.update(schedulerHeartbeats).set({ lastBeatAt: now }).where(eq(schedulerHeartbeats.name, TIMERS_HEARTBEAT));
    return { outageSeconds, moved };
  });
}

async function moveDueInWindow(
  tx: Tx,
  input: { flow: 'payout' | 'payin'; deadline: LiveDeadline; statuses: string[]; from: Date; to: Date; seconds: number },
): Promise<number> {
  const table = orderTableOf(input.flow);
  const column = deadlineColumn(input.flow, input.deadline.field);
  const moved = await tx
    .update(table)
    .set({ [input.deadline.field]: sql`${column} + make_interval(secs => ${input.seconds})` })
    .where(and(inArray(table.status, input.statuses as never[]), gt(column, input.from), lte(column, input.to)))
    .returning({ id: table.id });
  if (moved.length === 0) return 0;
  await tx.insert(orderTimerAdjustments).values(
    moved.map((row) => ({
      flow: input.flow,
      orderId: row.id,
      kind: 'outage_catch_up' as const,
      timer: input.deadline.column,
      seconds: input.seconds,
      reason: `the scheduler did not run from ${input.from.toISOString()} to ${input.to.toISOString()}`,
      actorType: 'system',
      actorId: null,
      createdAt: input.to,
    })),
  );
  return moved.length;
}
