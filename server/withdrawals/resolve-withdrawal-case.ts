import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { walletWithdrawals } from '../../db/schema';
import { recordAudit } from '../audit';
import { auditActorOf, type OperatorActor } from '../audit/operator-actor';
import { DomainError } from '../errors';
import { parseInput } from '../validation/parse-input';

export const resolveWithdrawalCaseInput = z.object({ withdrawalId: z.uuid(), note: z.string().trim().min(1, { error: 'is required' }).max(500) }).strict();

type ResolveWithdrawalCaseOptions = z.input<typeof resolveWithdrawalCaseInput> & {
  operator: OperatorActor;
  now?: Date;
};

/**
 * Closes the case a failed send opened (docs/operator-guide.md, "Withdrawals"): the funds are back
 * already; the operator records what they found. Audited; a case already closed is NOT_FOUND.
 */
export async function resolveWithdrawalCase(db: Db, { operator, now = new Date(), ...rawInput }: ResolveWithdrawalCaseOptions) {
  const input = parseInput(resolveWithdrawalCaseInput, rawInput);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(walletWithdrawals)
      .set({ caseResolvedAt: now, updatedAt: now })
      .where(and(eq(walletWithdrawals.id, input.withdrawalId), isNotNull(walletWithdrawals.caseOpenedAt), isNull(walletWithdrawals.caseResolvedAt)))
      .returning({ id: walletWithdrawals.id });
    if (!row) throw new DomainError('NOT_FOUND', 'No open case for this withdrawal.');
    const audit = auditActorOf(operator);
    await recordAudit(tx, { actorType: audit.type, actorId: audit.id, ip: audit.ip, action: 'withdrawal.case_resolved', targetType: 'withdrawal', targetId: row.id, details: { note: input.note } });
    return { withdrawalId: row.id, resolvedAt: now.toISOString() };
  });
}
