import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { traders, users } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { endSessionsOfTrader } from '../auth/session-version';
import { DomainError } from '../errors';
import { parseInput } from '../validation/parse-input';

export const setTraderStatusInput = z.object({ traderId: z.uuid(), status: z.enum(['active', 'suspended']) }).strict();

/**
 * Suspends a trader (offline at once, no new tasks, their user cannot sign in and every session
 * of theirs ends at its next request) or lifts the suspension. Orders they already hold keep
 * running. Audited.
 */
export async function setTraderStatus(db: Db, rawInput: z.input<typeof setTraderStatusInput>, actor: AuditActorRef) {
  const input = parseInput(setTraderStatusInput, rawInput);
  return db.transaction(async (tx) => {
    const [trader] = await tx
      .update(traders)
      .set({ status: input.status, ...(input.status === 'suspended' ? { online: false } : {}), updatedAt: sql`now()` })
      .where(eq(traders.id, input.traderId))
      .returning();
    if (!trader) throw new DomainError('NOT_FOUND', 'No such trader.');
    await tx.update(users).set({ status: input.status, updatedAt: sql`now()` }).where(eq(users.traderId, input.traderId));
    // Either way the sessions end: a suspension must take effect now, and lifting one must not
    // revive a session that was open when it began.
    await endSessionsOfTrader(tx, input.traderId);
    await recordAudit(tx, { actorType: actor.type, actorId: actor.id, ip: actor.ip, action: `trader.${input.status === 'suspended' ? 'suspend' : 'activate'}`, targetType: 'trader', targetId: input.traderId });
    return { traderId: trader.id, status: trader.status };
  });
}
