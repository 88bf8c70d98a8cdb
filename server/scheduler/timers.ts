import { and, asc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { payinOrders, payoutOrders } from '../../db/schema';
import { matchQueuedPayin } from '../payins/match-queued-payin';
import { notHeld } from '../risk/held-order-filter';
import { payinDetailView } from '../payins/payin-view';
import { payoutDetailView } from '../payouts/payout-view';
import { applyPayoutTransition } from '../payouts/apply-payout-transition';
import { applyPayinTransition } from '../payins/apply-payin-transition';
import { MERCHANT_ACTION_TIMEOUT } from '../orders/windows';

/**
 * The timed transitions of docs/state-machines.md, "Time windows". Each finds due orders with
 * FOR UPDATE SKIP LOCKED, so several server processes can run the scheduler side by side: each
 * order is taken by exactly one of them, and the transition re-checks state and due time anyway.
 */
export interface Timer {
  name: string;
  /** Orders that may stay where they are after firing (a queued pay-in nobody can serve yet) are
   * visited one batch per tick, or the same batch would come back forever. */
  oneBatchPerTick?: boolean;
  dueIds(tx: Tx, now: Date, limit: number): Promise<string[]>;
  fire(tx: Tx, orderId: string, now: Date): Promise<unknown>;
}

async function lockDue(tx: Tx, table: typeof payoutOrders | typeof payinOrders, where: SQL, orderBy: SQL, limit: number): Promise<string[]> {
  const rows = await tx.select({ id: table.id }).from(table).where(where).orderBy(orderBy).limit(limit).for('update', { skipLocked: true });
  return rows.map((row) => row.id);
}

export const timers: Timer[] = [
  {
    name: 'payout.payment_overdue',
    dueIds: (tx, now, limit) =>
      lockDue(tx, payoutOrders, and(eq(payoutOrders.status, 'PENDING_PAYMENT'), lte(payoutOrders.paymentDueAt, now))!, asc(payoutOrders.paymentDueAt), limit),
    fire: (tx, orderId, now) =>
      applyPayoutTransition(tx, {
        orderId,
        action: 'mark_overdue',
        actor: { type: 'system' },
        now,
        guardFrom: (row) => ({ dueAt: row.paymentDueAt }),
        eventData: payoutDetailView,
      }),
  },
  {
    name: 'payout.merchant_action_timeout',
    dueIds: (tx, now, limit) =>
      lockDue(
        tx,
        payoutOrders,
        and(eq(payoutOrders.status, 'PAYMENT_SUBMITTED'), lte(payoutOrders.merchantActionDueAt, now))!,
        asc(payoutOrders.merchantActionDueAt),
        limit,
      ),
    fire: (tx, orderId, now) =>
      applyPayoutTransition(tx, {
        orderId,
        action: 'merchant_action_timeout',
        actor: { type: 'system' },
        now,
        guardFrom: (row) => ({ dueAt: row.merchantActionDueAt }),
        note: MERCHANT_ACTION_TIMEOUT,
        set: () => ({ disputeReason: MERCHANT_ACTION_TIMEOUT, disputedAt: now }),
        eventData: payoutDetailView,
      }),
  },
  {
    name: 'payin.match',
    oneBatchPerTick: true,
    dueIds: (tx, now, limit) =>
      // A pay-in a risk rule holds waits for an operator, not for a trader (docs/risk.md, "Review").
      lockDue(tx, payinOrders, and(eq(payinOrders.status, 'PENDING_MATCH'), gt(payinOrders.expiresAt, now), notHeld(tx, 'payin', payinOrders.id))!, asc(payinOrders.createdAt), limit),
    fire: (tx, orderId, now) => matchQueuedPayin(tx, { orderId, now }),
  },
  {
    name: 'payin.expire',
    dueIds: (tx, now, limit) =>
      lockDue(
        tx,
        payinOrders,
        and(sql`${payinOrders.status} in ('PENDING_MATCH', 'PENDING_PAYMENT')`, lte(payinOrders.expiresAt, now))!,
        asc(payinOrders.expiresAt),
        limit,
      ),
    fire: (tx, orderId, now) =>
      applyPayinTransition(tx, {
        orderId,
        action: 'expire',
        actor: { type: 'system' },
        now,
        guardFrom: (row) => ({ dueAt: row.expiresAt }),
        set: () => ({ cancelledAt: now }),
        eventData: payinDetailView,
      }),
  },
];
