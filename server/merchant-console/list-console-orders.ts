import { count } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payinOrders, payoutOrders } from '../../db/schema';
import { payoutViewColumns } from '../../db/statements/payout-reads';
import { listPayins } from '../payins/list-payins';
import type { ListPayinsInput } from '../payins/payin.schema';
import { payinListColumns, payinListView } from '../payins/payin-view';
import { listPayouts } from '../payouts/list-payouts';
import type { ListPayoutsInput } from '../payouts/payout.schema';
import { payoutDetailView } from '../payouts/payout-view';
import { CONSOLE_PAGE_SIZE, type ConsoleListInput } from './merchant-orders.schema';
import { endOf, orderFilterSql } from './order-filter-sql';

/**
 * A page of the console's payouts or pay-ins table with the total for the filter, in the API's list
 * views (payoutDetailView, payinListView), so the console shows what GET /api/v1 would. Newest
 * first without a search is the API's own list (its per-status index walks and counted totals,
 * docs/performance.md); a search (either number, one row) and oldest-first are the console's query.
 */
export async function listConsoleOrders(db: Executor, options: { merchantId: string; flow: 'payouts' | 'payins'; query: ConsoleListInput }) {
  const { merchantId, query } = options;
  if (query.sort === 'newest' && !query.search) {
    const listQuery = {
      page: query.page,
      pageSize: CONSOLE_PAGE_SIZE,
      status: query.status?.length ? [...new Set(query.status)] : undefined,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? endOf(query.to) : undefined,
    };
    return options.flow === 'payouts'
      ? { flow: 'payouts' as const, ...(await listPayouts(db, merchantId, listQuery as ListPayoutsInput)) }
      : { flow: 'payins' as const, ...(await listPayins(db, merchantId, listQuery as ListPayinsInput)) };
  }
  const offset = (query.page - 1) * CONSOLE_PAGE_SIZE;
  if (options.flow === 'payouts') {
    const { where, orderBy } = orderFilterSql(payoutOrders, merchantId, query);
    const [rows, [total]] = await Promise.all([
      db.select(payoutViewColumns).from(payoutOrders).where(where).orderBy(...orderBy).limit(CONSOLE_PAGE_SIZE).offset(offset),
      db.select({ total: count() }).from(payoutOrders).where(where),
    ]);
    return { flow: 'payouts' as const, items: rows.map(payoutDetailView), page: query.page, pageSize: CONSOLE_PAGE_SIZE, total: total?.total ?? 0 };
  }
  const { where, orderBy } = orderFilterSql(payinOrders, merchantId, query);
  const [rows, [total]] = await Promise.all([
    db.select(payinListColumns).from(payinOrders).where(where).orderBy(...orderBy).limit(CONSOLE_PAGE_SIZE).offset(offset),
    db.select({ total: count() }).from(payinOrders).where(where),
  ]);
  return { flow: 'payins' as const, items: rows.map(payinListView), page: query.page, pageSize: CONSOLE_PAGE_SIZE, total: total?.total ?? 0 };
}
