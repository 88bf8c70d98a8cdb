import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordAudit } from '../audit';
import { parseInput } from '../validation/parse-input';
import { bulkClaimInput, type BulkClaimInput, type BulkClaimResult } from './bulk-claim.schema';
import { disputeFlow, orderTableOf } from '../orders/order-ref';
import { auditActorOf, type OperatorActor } from '../audit/operator-actor';

/**
 * Claims every picked case nobody else holds. One conditional UPDATE per flow: on PostgreSQL a
 * second operator's UPDATE of the same row waits for the first and then re-checks
 * "claimed_by is null", so of two operators bulk-claiming overlapping cases each case goes to
 * exactly one of them. Cases held by others or no longer disputed are reported, not errors.
 */
export async function bulkClaimDisputes(db: Db, rawInput: BulkClaimInput, operator: OperatorActor): Promise<BulkClaimResult> {
  const input = parseInput(bulkClaimInput, rawInput);
  const actor = auditActorOf(operator);
  return db.transaction(async (tx) => {
    const done: BulkClaimResult['done'] = [];
    for (const flow of disputeFlow.options) {
      const ids = [...new Set(input.cases.filter((ref) => ref.flow === flow).map((ref) => ref.orderId))];
      if (ids.length === 0) continue;
      const table = orderTableOf(flow);
      const claimed = await tx
        .update(table)
        .set({ claimedBy: operator.id })
        .where(and(inArray(table.id, ids), eq(table.status, 'DISPUTED'), or(isNull(table.claimedBy), eq(table.claimedBy, operator.id))))
        .returning({ id: table.id });
      for (const row of claimed) {
        done.push({ flow, orderId: row.id });
        await recordAudit(tx, { actorType: actor.type, actorId: actor.id, ip: actor.ip, action: 'dispute.claim', targetType: flow, targetId: row.id, details: { bulk: true } });
      }
    }
    const doneIds = new Set(done.map((ref) => ref.orderId));
    const skipped = input.cases.filter((ref) => !doneIds.has(ref.orderId)).map((ref) => ({ flow: ref.flow, orderId: ref.orderId }));
    return { done, skipped };
  });
}
