import { and, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { DomainError } from '../errors';
import { orderTableOf, type DisputeFlow } from '../orders/order-ref';
import { checkoutLinkExpired } from '../payins/checkout-link';
import { payinByToken } from '../payins/payin-by-token';
import type { ConversationParty } from './conversation.schema';

/**
 * Who is speaking in a dispute's conversation, with what proves it: the same reach as evidence (a
 * trader only its orders, a merchant only its own, the buyer through the checkout link, operators
 * all). The transport builds it from the session or the link, never from the request's body.
 */
export type ConversationActor =
  | { party: 'trader'; traderId: string }
  | { party: 'merchant'; merchantId: string }
  | { party: 'buyer'; token: string }
  | { party: 'operator'; operatorId: string };

/** The order a conversation belongs to; the buyer's is the one its link opens. */
export type ConversationRef = { flow: DisputeFlow; orderId: string };

export interface ConversationOrder {
  flow: DisputeFlow;
  orderId: string;
  orderNo: string;
  status: string;
  merchantId: string;
  traderId: string | null;
  party: ConversationParty;
  /** Who the audit log and the message name as author; null for the buyer (a link has no name). */
  authorId: string | null;
}

interface ConversationOrderOptions {
  actor: ConversationActor;
  ref: ConversationRef | null;
  lock?: boolean;
  now?: Date;
}

/**
 * Finds the order the actor may talk about, locking its row when `lock` (inside a transaction: the
 * lock serialises every message, settlement and ruling of the order). Another party's order, an
 * unknown or expired link, and a missing order all look the same: ORDER_NOT_FOUND.
 */
export async function conversationOrder(db: Executor, { actor, ref, ...options }: ConversationOrderOptions): Promise<ConversationOrder> {
  let target: ConversationRef;
  if (actor.party === 'buyer') {
    const order = await payinByToken(db, actor.token);
    if (checkoutLinkExpired(order, options.now ?? new Date())) throw new DomainError('ORDER_NOT_FOUND', 'This payment link is not valid.');
    target = { flow: 'payin', orderId: order.id };
  } else {
    if (!ref) throw new DomainError('ORDER_NOT_FOUND', 'Order not found.');
    target = ref;
  }
  const table = orderTableOf(target.flow);
  const conditions: SQL[] = [eq(table.id, target.orderId)];
  if (actor.party === 'trader') conditions.push(eq(table.traderId, actor.traderId));
  if (actor.party === 'merchant') conditions.push(eq(table.merchantId, actor.merchantId));
  const query = db
    .select({ id: table.id, orderNo: table.orderNo, status: table.status, merchantId: table.merchantId, traderId: table.traderId })
    .from(table)
    .where(and(...conditions));
  const [order] = options.lock ? await query.for('update') : await query;
  if (!order) throw new DomainError('ORDER_NOT_FOUND', 'Order not found.');
  const authorId = actor.party === 'trader' ? actor.traderId : actor.party === 'merchant' ? actor.merchantId : actor.party === 'operator' ? actor.operatorId : null;
  return { flow: target.flow, orderId: order.id, orderNo: order.orderNo, status: order.status, merchantId: order.merchantId, traderId: order.traderId, party: actor.party, authorId };
}

/** Messages and settlements are for an open dispute; afterwards the conversation is read-only. */
export function requireDisputed(order: Pick<ConversationOrder, 'status'>): void {
  if (order.status !== 'DISPUTED') {
    throw new DomainError('INVALID_ORDER_STATE', `The order is ${order.status}; its conversation is open while it is DISPUTED.`, { meta: { status: order.status } });
  }
}
