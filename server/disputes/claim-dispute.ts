import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { users } from '../../db/schema';
import { recordAudit } from '../audit';
import { DomainError } from '../errors';
import { parseInput } from '../validation/parse-input';
import { disputeRef, orderTableOf, type DisputeRef } from '../orders/order-ref';
import { auditActorOf, type OperatorActor } from '../audit/operator-actor';

async function operatorName(db: Executor, id: string): Promise<string> {
  const [user] = await db.select({ name: users.displayName }).from(users).where(eq(users.id, id));
  return user?.name ?? 'another operator';
}

/** Why a claim or release did not apply: no order, not disputed, or held by someone else. */
async function refusal(db: Executor, ref: DisputeRef, operatorId: string): Promise<DomainError> {
  const table = orderTableOf(ref.flow);
  const [order] = await db.select({ status: table.status, claimedBy: table.claimedBy }).from(table).where(eq(table.id, ref.orderId));
  if (!order) return new DomainError('ORDER_NOT_FOUND', 'No such order.');
  if (order.status !== 'DISPUTED') {
    return new DomainError('INVALID_ORDER_STATE', `The order is ${order.status}, not DISPUTED.`, { meta: { status: order.status } });
  }
  if (order.claimedBy && order.claimedBy !== operatorId) {
    const name = await operatorName(db, order.claimedBy);
    return new DomainError('CASE_CLAIMED', `${name} holds this case.`, { meta: { claimedBy: name } });
  }
  return new DomainError('CLAIM_REQUIRED', 'You do not hold this case.');
}

/**
 * An operator takes a dispute case before ruling on it; the others see who holds it. One
 * conditional UPDATE, so of two operators claiming at once exactly one gets it. Claiming a case
 * you already hold is harmless.
 */
export async function claimDispute(db: Db, rawRef: DisputeRef, operator: OperatorActor): Promise<{ claimedBy: string }> {
  const ref = parseInput(disputeRef, rawRef);
  const table = orderTableOf(ref.flow);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(table)
      .set({ claimedBy: operator.id })
      .where(and(eq(table.id, ref.orderId), eq(table.status, 'DISPUTED'), or(isNull(table.claimedBy), eq(table.claimedBy, operator.id))))
      .returning({ id: table.id });
    if (claimed.length === 0) throw await refusal(tx, ref, operator.id);
    await recordAudit(tx, { ...auditEntry(operator), action: 'dispute.claim', targetType: ref.flow, targetId: ref.orderId });
    return { claimedBy: operator.id };
  });
}

/** The holder gives the case back to the queue (e.g. at the end of a shift). */
export async function releaseDisputeClaim(db: Db, rawRef: DisputeRef, operator: OperatorActor): Promise<void> {
  const ref = parseInput(disputeRef, rawRef);
  const table = orderTableOf(ref.flow);
  await db.transaction(async (tx) => {
    const released = await tx
      .update(table)
      .set({ claimedBy: null })
      .where(and(eq(table.id, ref.orderId), eq(table.status, 'DISPUTED'), eq(table.claimedBy, operator.id)))
      .returning({ id: table.id });
    if (released.length === 0) throw await refusal(tx, ref, operator.id);
    await recordAudit(tx, { ...auditEntry(operator), action: 'dispute.release_claim', targetType: ref.flow, targetId: ref.orderId });
  });
}

function auditEntry(operator: OperatorActor) {
  const actor = auditActorOf(operator);
  return { actorType: actor.type, actorId: actor.id, ip: actor.ip };
}

export { refusal as claimRefusal };
