import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { disputeConversationReads } from '../../db/schema';
import type { ConversationOrder } from './conversation-party';

/** Moves the party's read mark of the conversation to `now` (never back: a late write keeps the later mark). */
export async function markConversationRead(db: Executor, order: Pick<ConversationOrder, 'flow' | 'orderId' | 'party'>, now: Date): Promise<void> {
  await db
    .insert(disputeConversationReads)
    .values({ flow: order.flow, orderId: order.orderId, party: order.party, readAt: now })
    .onConflictDoUpdate({
      target: [disputeConversationReads.flow, disputeConversationReads.orderId, disputeConversationReads.party],
      set: { readAt: sql`greatest(${disputeConversationReads.readAt}, excluded.read_at)` },
    });
}
