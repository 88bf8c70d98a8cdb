import { payinOrders, payoutOrders } from '../../db/schema';
import type { DisputeFlow } from './order-ref';

/**
 * The deadline that runs in each state (docs/state-machines.md, "Time windows"): the one a timer of
 * server/scheduler fires on. A state missing here has no deadline of its own (DISPUTED is paused,
 * final states have none). `column` is the database name, recorded in order_timer_adjustments.
 */
export const liveDeadlines = {
  payout: {
    PENDING_PAYMENT: { field: 'paymentDueAt', column: 'payment_due_at' },
    PAYMENT_SUBMITTED: { field: 'merchantActionDueAt', column: 'merchant_action_due_at' },
  },
  payin: {
    PENDING_MATCH: { field: 'expiresAt', column: 'expires_at' },
    PENDING_PAYMENT: { field: 'expiresAt', column: 'expires_at' },
  },
} as const satisfies Record<DisputeFlow, Record<string, { field: string; column: string }>>;

export type LiveDeadline = { field: 'paymentDueAt' | 'merchantActionDueAt' | 'expiresAt'; column: string };

/** The deadline running while an order of `flow` is in `status`, or null when none runs. */
export function liveDeadlineOf(flow: DisputeFlow, status: string): LiveDeadline | null {
  const byStatus: Record<string, LiveDeadline> = liveDeadlines[flow];
  return Object.hasOwn(byStatus, status) ? byStatus[status]! : null;
}

/** The drizzle column of a deadline field, for queries that move it. */
export function deadlineColumn(flow: DisputeFlow, field: LiveDeadline['field']) {
  if (flow === 'payin') return payinOrders.expiresAt;
  return field === 'paymentDueAt' ? payoutOrders.paymentDueAt : payoutOrders.merchantActionDueAt;
}

/** Adds whole seconds to an instant (adjustments are recorded in seconds, so they move by exactly that). */
export function plusSeconds(at: Date, seconds: number): Date {
  return new Date(at.getTime() + seconds * 1000);
}
