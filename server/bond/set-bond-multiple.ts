import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { traders } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { DomainError } from '../errors';
import { parseInput } from '../validation/parse-input';

export const setBondMultipleInput = z
  .object({
    traderId: z.uuid(),
    /** The trader's own multiple (e.g. "3" or "7.5"); null: the platform's again. */
    multiple: z
      .string()
      .regex(/^\d{1,6}(\.\d{1,2})?$/, { error: 'must be a number with at most 2 decimals, e.g. 5 or 2.5' })
      .refine((value) => !/^0+(\.0+)?$/.test(value), { error: 'must be above 0' })
      .nullable(),
    reason: z.string().trim().min(1, { error: 'is required' }).max(500),
  })
  .strict();
export type SetBondMultipleInput = z.input<typeof setBondMultipleInput>;

/**
 * An operator sets a trader's own bond multiple over the platform's (docs/routing.md, "Bond and
 * exposure"), with a reason kept in the audit log with the old and new value.
 */
export async function setBondMultiple(db: Db, rawInput: SetBondMultipleInput, actor: AuditActorRef): Promise<{ multiple: string | null }> {
  const input = parseInput(setBondMultipleInput, rawInput);
  return retryTransaction(db, async (tx) => {
    const [before] = await tx.select({ multiple: traders.bondMultiple }).from(traders).where(eq(traders.id, input.traderId)).for('update');
    if (!before) throw new DomainError('NOT_FOUND', 'No such trader.');
    const [after] = await tx.update(traders).set({ bondMultiple: input.multiple }).where(eq(traders.id, input.traderId)).returning({ multiple: traders.bondMultiple });
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: 'trader.bond_multiple.set',
      targetType: 'trader',
      targetId: input.traderId,
      details: { from: before.multiple, to: after?.multiple ?? null, reason: input.reason },
    });
    return { multiple: after?.multiple ?? null };
  });
}
