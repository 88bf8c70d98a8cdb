import type { Db, Executor } from '../../db/client';
import { conversationOrder, type ConversationActor, type ConversationRef } from './conversation-party';
import { listDisputeConversation } from './list-dispute-conversation';
import { markConversationRead } from './mark-conversation-read';
import { maySettle, otherSide } from './settlement-parties';

interface PartyConversationOptions {
  actor: ConversationActor;
  ref: ConversationRef | null;
  now?: Date;
}

/**
 * One party's view of a dispute's conversation (docs/operator-guide.md, "Conversation"): the
 * messages and settlements, and what this party may do now: write while DISPUTED, propose when its
 * side may settle, answer the other side's open proposal.
 */
export async function partyConversation(db: Executor, { actor, ref, now = new Date() }: PartyConversationOptions) {
  const order = await conversationOrder(db, { actor, ref, now });
  const conversation = await listDisputeConversation(db, order, { withNames: actor.party === 'operator' });
  const open = order.status === 'DISPUTED';
  const pending = conversation.settlements.find((settlement) => settlement.status === 'open');
  return {
    flow: order.flow,
    orderId: order.orderId,
    orderNo: order.orderNo,
    status: order.status,
    you: order.party,
    canWrite: open,
    canPropose: open && maySettle(order.flow, order.party) && (!pending || pending.proposedBy === order.party),
    /** The open settlement this party may accept or decline, if any. */
    answerable: open && pending && maySettle(order.flow, order.party) && pending.proposedBy === otherSide(order.flow, order.party) ? pending.id : null,
    ...conversation,
  };
}

interface MarkPartyConversationReadOptions {
  actor: ConversationActor;
  ref: ConversationRef | null;
  now?: Date;
}

/** The party has seen the conversation up to now: the others see its read mark on their messages. */
export async function markPartyConversationRead(db: Db, { actor, ref, now = new Date() }: MarkPartyConversationReadOptions) {
  const order = await conversationOrder(db, { actor, ref, now });
  await markConversationRead(db, order, now);
  return { readAt: now.toISOString() };
}
