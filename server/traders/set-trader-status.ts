import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
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
  return db.transaction((tx) => applyTraderStatus(tx, { ...input, actor }));
}

/**
 * The status change itself, in the caller's transaction: for the rules that suspend a trader on
 * their own (e.g. docs/security.md, "Card numbers"), which say why in `details` (the audit row's).
 */
export async function applyTraderStatus(
  tx: Tx,
  options: { traderId: string; status: 'active' | 'suspended'; actor: AuditActorRef; details?: Record<string, unknown> },
) {
  const [trader] = await tx
    .update(traders)
    .set({ status: options.status, ...(options.status === 'suspended' ? { online: false } : {}), updatedAt: sql`now()` })
    .where(eq(traders.id, options.traderId))
    .returning();
  if (!trader) throw new DomainError('NOT_FOUND', 'No such trader.');
  await tx.update(users).set({ status: options.status, updatedAt: sql`now()` }).where(eq(users.traderId, options.traderId));
  // Either way the sessions end: a suspension must take effect now, and lifting one must not
  // revive a session that was open when it began.
  await endSessionsOfTrader(tx, options.traderId);
  await recordAudit(tx, {
    actorType: options.actor.type,
    actorId: options.actor.id,
    ip: options.actor.ip,
    action: `trader.${options.status === 'suspended' ? 'suspend' : 'activate'}`,
    targetType: 'trader',
    targetId: options.traderId,
    ...(options.details ? { details: options.details } : {}),
  });
  return { traderId: trader.id, status: trader.status };
}
