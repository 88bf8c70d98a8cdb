import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { traders } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { DomainError } from '../errors';

interface SetTraderOnlineOptions {
  traderId: string;
  online: boolean;
  actor?: AuditActorRef;
}

/**
 * Switches a trader on or off line; only online traders are matched. With an actor (the trader
 * themself from the dashboard), the switch is written to the audit log.
 */
export async function setTraderOnline(db: Executor, { traderId, online, actor }: SetTraderOnlineOptions): Promise<void> {
  const updated = await db
    .update(traders)
    .set({ online, updatedAt: sql`now()` })
    .where(eq(traders.id, traderId))
    .returning({ id: traders.id });
  if (updated.length === 0) throw new DomainError('NOT_FOUND', 'No such trader.');
  if (actor) {
    await recordAudit(db, { actorType: actor.type, actorId: actor.id, ip: actor.ip, action: online ? 'trader.online' : 'trader.offline', targetType: 'trader', targetId: traderId });
  }
}
