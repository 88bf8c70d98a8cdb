import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordAudit } from '../audit';
import { parseInput } from '../validation/parse-input';
import { bulkClaimInput, type BulkClaimInput, type BulkClaimResult } from './bulk-claim.schema';
import { disputeFlow, orderTableOf } from '../orders/order-ref';
import { auditActorOf, type OperatorActor } from '../audit/operator-actor';

/** Gives back every picked case this operator holds (end of a shift); others' cases are left alone. */
export async function bulkReleaseDisputes(db: Db, rawInput: BulkClaimInput, operator: OperatorActor): Promise<BulkClaimResult> {
  const input = parseInput(bulkClaimInput, rawInput);
  const actor = auditActorOf(operator);
  return db.transaction(async (tx) => {
    const done: BulkClaimResult['done'] = [];
    for (const flow of disputeFlow.options) {
      const ids = [...new Set(input.cases.filter((ref) => ref.flow === flow).map((ref) => ref.orderId))];
      if (ids.length === 0) continue;
      const table = orderTableOf(flow);
      const released = await tx
        .update(table)
        .set({ claimedBy: null })
        .where(and(inArray(table.id, ids), eq(table.status, 'DISPUTED'), eq(table.claimedBy, operator.id)))
        .returning({ id: table.id });
      for (const row of released) {
        done.push({ flow, orderId: row.id });
        await recordAudit(tx, { actorType: actor.type, actorId: actor.id, ip: actor.ip, action: 'dispute.release_claim', targetType: flow, targetId: row.id, details: { bulk: true } });
      }
    }
    const doneIds = new Set(done.map((ref) => ref.orderId));
    return { done, skipped: input.cases.filter((ref) => !doneIds.has(ref.orderId)).map((ref) => ({ flow: ref.flow, orderId: ref.orderId })) };
  });
}
