import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { DomainError } from '../errors';
import { isoMsOrNull } from '../money/format';
import { listTimerAdjustments, type TimerAdjustmentView } from '../order-timers/list-timer-adjustments';
import { liveDeadlineOf } from '../orders/live-deadline';
import { orderTableOf, type DisputeRef } from '../orders/order-ref';
import { listCaseEvidenceRequests, type CaseEvidenceRequest } from './list-evidence-requests';
import { listCaseDeadlines, type CaseDeadlineView } from './case-deadlines';
import { listAutoRulings, type AutoRulingView } from './stop-auto-ruling';

export interface DisputeProcess {
  status: string;
  /** Since when the order's deadlines are paused (it is DISPUTED); null when they run. */
  timersPausedAt: string | null;
  /** The deadline running in the order's state, which an operator may extend; null when none runs. */
  deadline: { timer: string; dueAt: string } | null;
  requests: CaseEvidenceRequest[];
  adjustments: TimerAdjustmentView[];
  /** What the dispute waits for from whom and by when, met or missed (docs/operator-guide.md, "Deadlines"). */
  deadlines: CaseDeadlineView[];
  /** Automatic rulings found for the case; a pending one can be stopped until its applyAt. */
  autoRulings: AutoRulingView[];
}

/**
 * The fairness side of a case for the operator (docs/operator-guide.md, "Evidence" and "Timers"):
 * the evidence requests with their state, the order's clock (paused or its running deadline) and
 * every change to its deadlines, the dispute's deadlines per party and its automatic rulings.
 */
export async function getDisputeProcess(db: Executor, ref: DisputeRef, now = new Date()): Promise<DisputeProcess> {
  const table = orderTableOf(ref.flow);
  const [order] = await db.select().from(table).where(eq(table.id, ref.orderId));
  if (!order) throw new DomainError('ORDER_NOT_FOUND', 'Order not found.');
  const live = liveDeadlineOf(ref.flow, order.status);
  const dueAt = live ? (order as Record<string, unknown>)[live.field] : null;
  return {
    status: order.status,
    timersPausedAt: isoMsOrNull(order.timersPausedAt),
    deadline: live && dueAt instanceof Date ? { timer: live.column, dueAt: dueAt.toISOString() } : null,
    requests: await listCaseEvidenceRequests(db, ref, now),
    adjustments: await listTimerAdjustments(db, order.id),
    deadlines: await listCaseDeadlines(db, ref, now),
    autoRulings: await listAutoRulings(db, ref),
  };
}
