import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordAudit } from '../audit';
import { orderTableOf } from '../orders/order-ref';
import { listDisputes } from './list-disputes';
import type { DisputeQueueFilters } from './list-disputes.schema';
import { auditActorOf, type OperatorActor } from '../audit/operator-actor';

/**
 * "Claim next": the unclaimed case with the nearest due-by time (within the queue's current
 * filters) goes to this operator. If another operator takes it first, the conditional UPDATE
 * misses and the next candidate is tried. Null when nothing is left.
 */
export async function claimNextDispute(
  db: Db,
  options: { filters?: Partial<DisputeQueueFilters>; operator: OperatorActor; now?: Date },
): Promise<{ flow: 'payout' | 'payin'; orderId: string; orderNo: string } | null> {
  const actor = auditActorOf(options.operator);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const { items } = await listDisputes(
      db,
      { ...options.filters, claim: 'unclaimed', sort: 'due', direction: 'asc', page: 1, pageSize: 5 },
      { operatorId: options.operator.id, now: options.now },
    );
    if (items.length === 0) return null;
    for (const item of items) {
      const table = orderTableOf(item.flow);
      const won = await db.transaction(async (tx) => {
        const claimed = await tx
          .update(table)
          .set({ claimedBy: options.operator.id })
          .where(and(eq(table.id, item.orderId), eq(table.status, 'DISPUTED'), isNull(table.claimedBy)))
          .returning({ id: table.id });
        if (claimed.length === 0) return false;
        await recordAudit(tx, { actorType: actor.type, actorId: actor.id, ip: actor.ip, action: 'dispute.claim', targetType: item.flow, targetId: item.orderId, details: { next: true } });
        return true;
      });
      if (won) return { flow: item.flow, orderId: item.orderId, orderNo: item.orderNo };
    }
  }
  return null;
}
