import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { traders } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { DomainError } from '../errors';
import { parseInput } from '../validation/parse-input';

export const setPayoutTaskCapInput = z
  .object({
    traderId: z.uuid(),
    /** The trader's own cap on open payout tasks; null: the platform's again. */
    cap: z.number().int().min(1).max(1000).nullable(),
    reason: z.string().trim().min(1, { error: 'is required' }).max(500),
  })
  .strict();
export type SetPayoutTaskCapInput = z.input<typeof setPayoutTaskCapInput>;

/**
 * An operator sets a trader's own cap on open payout tasks over the platform's (docs/routing.md,
 * "Payout dispatch"), e.g. a lower one for a trader still building a record, with a reason kept in
 * the audit log with the old and new value. Tasks the trader already holds stay its own.
 */
export async function setPayoutTaskCap(db: Db, rawInput: SetPayoutTaskCapInput, actor: AuditActorRef): Promise<{ cap: number | null }> {
  const input = parseInput(setPayoutTaskCapInput, rawInput);
  return retryTransaction(db, async (tx) => {
    const [before] = await tx.select({ cap: traders.payoutTaskCap }).from(traders).where(eq(traders.id, input.traderId)).for('update');
    if (!before) throw new DomainError('NOT_FOUND', 'No such trader.');
    await tx.update(traders).set({ payoutTaskCap: input.cap }).where(eq(traders.id, input.traderId));
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: 'trader.payout_task_cap.set',
      targetType: 'trader',
      targetId: input.traderId,
      details: { from: before.cap, to: input.cap, reason: input.reason },
    });
    return { cap: input.cap };
  });
}
