import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { chainReorgCases } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { DomainError } from '../errors';
import { parseInput } from '../validation/parse-input';

export const resolveReorgCaseInput = z
  .object({
    caseId: z.uuid(),
    /** remined: the transaction is in the chain again, nothing is owed; adjusted: the operator debited the owner with a balance adjustment. */
    outcome: z.enum(['remined', 'adjusted']),
    note: z.string().trim().min(1).max(500),
  })
  .strict();

/**
 * Closes a reorg case (docs/wallet.md, "Reorganisations") with the operator's finding, audited.
 * The case records the decision only: a debit is a balance adjustment of its own (audited there).
 * A case closed meanwhile is INVALID_ORDER_STATE.
 */
export async function resolveReorgCase(db: Db, rawInput: z.input<typeof resolveReorgCaseInput>, actor: AuditActorRef) {
  const input = parseInput(resolveReorgCaseInput, rawInput);
  return retryTransaction(db, async (tx) => {
    const resolution = `${input.outcome}: ${input.note}`;
    const [row] = await tx
      .update(chainReorgCases)
      .set({ resolvedAt: new Date(), resolution })
      .where(and(eq(chainReorgCases.id, input.caseId), isNull(chainReorgCases.resolvedAt)))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: chainReorgCases.id }).from(chainReorgCases).where(eq(chainReorgCases.id, input.caseId));
      throw exists ? new DomainError('INVALID_ORDER_STATE', 'The case was resolved meanwhile.') : new DomainError('NOT_FOUND', 'No reorg case with this id.');
    }
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: 'wallet.reorg_case_resolved',
      targetType: 'deposit',
      targetId: row.depositId,
      details: { caseId: row.id, chain: row.chainKey, txHash: row.txHash, outcome: input.outcome, note: input.note },
    });
    return { id: row.id, resolvedAt: row.resolvedAt!.toISOString(), resolution };
  });
}
