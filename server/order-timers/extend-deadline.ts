import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { orderTimerAdjustments } from '../../db/schema';
import { recordAudit } from '../audit';
import { orderTableOf } from '../orders/order-ref';
import { auditActorOf, type OperatorActor } from '../audit/operator-actor';
import { DomainError } from '../errors';
import { isoMs } from '../money/format';
import { parseInput } from '../validation/parse-input';
import { extendDeadlineInput } from './extend-deadline.schema';
import { liveDeadlineOf, plusSeconds } from '../orders/live-deadline';

interface ExtendDeadlineOptions {
  input: unknown;
  operator: OperatorActor;
  now?: Date;
}

/**
 * An operator moves the deadline running in the order's state (docs/operator-guide.md, "Timers")
 * later by 1 minute to 24 hours, with a reason: the deadline, an 'extend' row and the audit row in
 * one transaction on the locked order. An order with no running deadline (DISPUTED, whose clocks
 * are paused, or a final state) answers DEADLINE_NOT_EXTENDABLE and changes nothing.
 */
export async function extendDeadline(db: Db, { input: raw, operator, now = new Date() }: ExtendDeadlineOptions) {
  const input = parseInput(extendDeadlineInput, raw);
  return retryTransaction(db, async (tx) => {
    const table = orderTableOf(input.flow);
    const [order] = await tx.select().from(table).where(eq(table.id, input.orderId)).for('update');
    if (!order) throw new DomainError('ORDER_NOT_FOUND', 'Order not found.');
    const deadline = liveDeadlineOf(input.flow, order.status);
    const current = deadline ? (order as Record<string, unknown>)[deadline.field] : null;
    if (!deadline || !(current instanceof Date)) {
      throw new DomainError('DEADLINE_NOT_EXTENDABLE', `A ${order.status} order has no running deadline to extend.`, { meta: { status: order.status } });
    }
    const seconds = input.minutes * 60;
    const dueAt = plusSeconds(current, seconds);
    await tx
      .update(table)
      .set({ [deadline.field]: dueAt, updatedAt: now })
      .where(eq(table.id, order.id));
    await tx.insert(orderTimerAdjustments).values({
      flow: input.flow,
      orderId: order.id,
      kind: 'extend',
      timer: deadline.column,
      seconds,
      reason: input.reason,
      actorType: 'operator',
      actorId: operator.id,
      createdAt: now,
    });
    const actor = auditActorOf(operator);
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip ?? null,
      action: 'order.deadline_extended',
      targetType: input.flow,
      targetId: order.id,
      details: { orderNo: order.orderNo, timer: deadline.column, from: isoMs(current), to: isoMs(dueAt), minutes: input.minutes, reason: input.reason },
    });
    return { timer: deadline.column, previousDueAt: isoMs(current), dueAt: isoMs(dueAt) };
  });
}
