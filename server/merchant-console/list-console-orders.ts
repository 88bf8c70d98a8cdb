import { count } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payinOrders, payoutOrders } from '../../db/schema';
import { payinListView } from '../payins/payin-view';
import { payoutDetailView } from '../payouts/payout-view';
import { CONSOLE_PAGE_SIZE, type ConsoleListInput } from './merchant-orders.schema';
import { orderFilterSql } from './order-filter-sql';

/**
 * A page of the console's payouts or pay-ins table with the total for the filter: the API's list
 * views (payoutDetailView, payinListView), so the console shows what GET /api/v1 would. The API's
 * list is newest-first only; the console also sorts oldest-first, hence its own query.
 */
export async function listConsoleOrders(db: Executor, options: { merchantId: string; flow: 'payouts' | 'payins'; query: ConsoleListInput }) {
  const { merchantId, query } = options;
  const offset = (query.page - 1) * CONSOLE_PAGE_SIZE;
  if (options.flow === 'payouts') {
    const { where, orderBy } = orderFilterSql(payoutOrders, merchantId, query);
    const [rows, [total]] = await Promise.all([
      db.select().from(payoutOrders).where(where).orderBy(...orderBy).limit(CONSOLE_PAGE_SIZE).offset(offset),
      db.select({ total: count() }).from(payoutOrders).where(where),
    ]);
    return { flow: 'payouts' as const, items: rows.map(payoutDetailView), page: query.page, pageSize: CONSOLE_PAGE_SIZE, total: total?.total ?? 0 };
  }
  const { where, orderBy } = orderFilterSql(payinOrders, merchantId, query);
  const [rows, [total]] = await Promise.all([
    db.select().from(payinOrders).where(where).orderBy(...orderBy).limit(CONSOLE_PAGE_SIZE).offset(offset),
    db.select({ total: count() }).from(payinOrders).where(where),
  ]);
  return { flow: 'payins' as const, items: rows.map(payinListView), page: query.page, pageSize: CONSOLE_PAGE_SIZE, total: total?.total ?? 0 };
}
