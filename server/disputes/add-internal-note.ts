import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { disputeEvidence } from '../../db/schema';
import { recordAudit } from '../audit';
import { DomainError } from '../errors';
import { isoMs } from '../money/format';
import { parseInput } from '../validation/parse-input';
import { disputeFlow, orderTableOf } from '../orders/order-ref';
import { evidenceStatement } from './dispute-evidence.schema';
import { auditActorOf, type OperatorActor } from '../audit/operator-actor';

export const addInternalNoteInput = z.object({ flow: disputeFlow, orderId: z.uuid(), note: evidenceStatement }).strict();

interface AddInternalNoteOptions {
  input: unknown;
  operator: OperatorActor;
  now?: Date;
}

/**
 * An operator's internal note on a case (docs/operator-guide.md, "Evidence"): stored as evidence of
 * the party 'operator' with `internal` set, shown in the case timeline to operators only. No party
 * listing, event or API returns it, and the audit row records its length, not its text.
 */
export async function addInternalNote(db: Db, { input: raw, operator, now = new Date() }: AddInternalNoteOptions) {
  const input = parseInput(addInternalNoteInput, raw);
  return retryTransaction(db, async (tx) => {
    const table = orderTableOf(input.flow);
    const [order] = await tx.select({ id: table.id, orderNo: table.orderNo }).from(table).where(eq(table.id, input.orderId)).for('update');
    if (!order) throw new DomainError('ORDER_NOT_FOUND', 'Order not found.');
    const [item] = await tx
      .insert(disputeEvidence)
      .values({ flow: input.flow, orderId: order.id, party: 'operator', authorId: operator.id, statement: input.note, internal: true, createdAt: now })
      .returning();
    const actor = auditActorOf(operator);
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip ?? null,
      action: 'dispute.internal_note_added',
      targetType: input.flow,
      targetId: order.id,
      details: { orderNo: order.orderNo, evidenceId: item!.id, noteLength: input.note.length },
    });
    return { id: item!.id, createdAt: isoMs(now) };
  });
}
