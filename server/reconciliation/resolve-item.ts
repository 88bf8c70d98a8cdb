import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { reconciliationItems } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { DomainError } from '../errors';
import { parseInput } from '../validation/parse-input';
import { reconciliationItemView } from './list-reconciliation';

export const resolveReconciliationItemInput = z
  .object({
    itemId: z.number().int().positive(),
    reason: z.string().trim().min(3).max(500),
  })
  .strict();

type ResolveReconciliationItemOptions = z.input<typeof resolveReconciliationItemInput> & {
  actor: AuditActorRef;
  now?: Date;
};

/**
 * An operator accepts an exception with a reason (docs/reconciliation.md, "Resolving"): the item
 * keeps its state and gains who, when and why, audited in the same transaction. Nothing else
 * changes: a correction of money is a new balanced transfer (the balance adjustment), never an
 * edit here. A MATCHED item has nothing to resolve; one resolved already is not resolved twice.
 */
export async function resolveReconciliationItem(db: Db, { actor, now = new Date(), ...rawInput }: ResolveReconciliationItemOptions) {
  const input = parseInput(resolveReconciliationItemInput, rawInput);
  return retryTransaction(db, async (tx) => {
    const [item] = await tx.select().from(reconciliationItems).where(eq(reconciliationItems.id, input.itemId)).for('update');
    if (!item) throw new DomainError('NOT_FOUND', 'No reconciliation item with this id.');
    if (item.state === 'MATCHED') throw new DomainError('INVALID_ORDER_STATE', 'The item is MATCHED: the data resolved it.', { meta: { status: item.state } });
    if (item.resolvedAt) throw new DomainError('INVALID_ORDER_STATE', 'The item was resolved already.', { meta: { status: item.state } });
    const [row] = await tx
      .update(reconciliationItems)
      .set({ resolvedBy: actor.id ?? null, resolvedAt: now, resolutionReason: input.reason, updatedAt: now })
      .where(and(eq(reconciliationItems.id, item.id), isNull(reconciliationItems.resolvedAt)))
      .returning();
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: 'reconciliation.item_resolved',
      targetType: 'reconciliation_item',
      targetId: String(item.id),
      details: { businessDate: item.businessDate, check: item.check, subjectType: item.subjectType, subjectId: item.subjectId, state: item.state, reasonCode: item.reason, reason: input.reason },
    });
    return reconciliationItemView(row!);
  });
}
