import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payinOrders } from '../../db/schema';
import { DomainError } from '../errors';
import type { RouteRecord } from './select-route';

/**
 * "Why this trader" for a pay-in (docs/routing.md): the routing record stored with its match (the
 * mode, how it was picked, and in scored routing each signal's value and points). Null for an
 * order matched before routing kept records, or not matched yet. A record written before a signal
 * existed lacks that signal: readers show the signals the record has.
 */
export async function whyThisTrader(db: Executor, orderId: string) {
  const [order] = await db
    .select({ id: payinOrders.id, traderId: payinOrders.traderId, traderBankAccountId: payinOrders.traderBankAccountId, routing: payinOrders.routing })
    .from(payinOrders)
    .where(eq(payinOrders.id, orderId));
  if (!order) throw new DomainError('ORDER_NOT_FOUND', 'No such pay-in.');
  return { orderId: order.id, traderId: order.traderId, bankAccountId: order.traderBankAccountId, routing: (order.routing ?? null) as RouteRecord | null };
}
