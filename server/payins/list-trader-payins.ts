import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payinOrders } from '../../db/schema';
import type { PayinStatus } from '../state-machines/payin';
import { payinListView } from './payin-view';

/** The pay-ins matched to one trader, newest first; optionally only some statuses. */
export async function listTraderPayins(db: Executor, traderId: string, options: { statuses?: PayinStatus[]; page: number; pageSize: number }) {
  const conditions: SQL[] = [eq(payinOrders.traderId, traderId)];
  if (options.statuses?.length) conditions.push(inArray(payinOrders.status, options.statuses));
  const rows = await db
    .select()
    .from(payinOrders)
    .where(and(...conditions))
    .orderBy(desc(payinOrders.createdAt), desc(payinOrders.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  return { items: rows.map(payinListView), page: options.page, pageSize: options.pageSize };
}
