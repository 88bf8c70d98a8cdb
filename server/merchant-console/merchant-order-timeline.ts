import type { Executor } from '../../db/client';
import { orderTimeline } from '../orders/timeline';

/** One step of an order's history as the merchant sees it. */
export interface MerchantTimelineEntry {
  at: string;
  action: string;
  fromStatus: string | null;
  toStatus: string;
  actorType: string;
  /** The merchant's own name on its own steps; other parties are named by their part only. */
  actorName: string | null;
  note: string | null;
}

/**
 * Every state change of one of the merchant's orders, oldest first (order_transitions). Traders'
 * and operators' names and ids are the platform's business, not the merchant's, so they are
 * dropped: the merchant sees "trader" or "operator" and the note (an operator's ruling note is
 * addressed to the merchant, docs/disputes.md). The caller has already found the order in this
 * merchant's scope.
 */
export async function merchantOrderTimeline(db: Executor, options: { orderId: string }): Promise<MerchantTimelineEntry[]> {
  const entries = await orderTimeline(db, options.orderId);
  return entries.map((entry) => ({
    at: entry.at,
    action: entry.action,
    fromStatus: entry.fromStatus,
    toStatus: entry.toStatus,
    actorType: entry.actorType,
    actorName: entry.actorType === 'merchant' ? entry.actorName : null,
    note: entry.note,
  }));
}
