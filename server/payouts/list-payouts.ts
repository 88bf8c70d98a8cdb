import { and, count, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payoutPage, payoutPageByOneStatus, payoutPageInRange, payoutViewColumns, payoutsNewestFirst } from '../../db/statements/payout-reads';
import { listTotal } from '../listing/list-total';
import { onPageByStatus, type OrdersByStatusIndex } from '../listing/on-page-by-status';
import { payoutOrders } from '../../db/schema';
import type { PayoutStatus } from './payout-machine';
import type { ListPayoutsInput } from './payout.schema';
import { payoutDetailView } from './payout-view';

/** A merchant's payouts, newest first, with the exact total for the filter (docs/api.md, "List payouts"). */
export async function listPayouts(db: Executor, merchantId: string, query: ListPayoutsInput) {
  const [rows, total] = await Promise.all([pageOf(db, merchantId, query), listTotal(db, { flow: 'payout', merchantId, filter: query, countRows: () => countOf(db, merchantId, query) })]);
  return {
    items: rows.map(payoutDetailView),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

function conditionsOf(merchantId: string, query: ListPayoutsInput): SQL | undefined {
  const conditions: SQL[] = [eq(payoutOrders.merchantId, merchantId)];
  if (query.orderNo) conditions.push(eq(payoutOrders.orderNo, query.orderNo));
  if (query.merchantOrderNo) conditions.push(eq(payoutOrders.merchantOrderNo, query.merchantOrderNo));
  if (query.status) conditions.push(inArray(payoutOrders.status, query.status));
  if (query.from) conditions.push(gte(payoutOrders.createdAt, query.from));
  if (query.to) conditions.push(lte(payoutOrders.createdAt, query.to));
  return and(...conditions);
}

// The two shapes merchants poll (all orders; by status) and a date range alone (the `from`/`to` a
// reconciliation job sends) are statements built once (db/statements/payout-reads.ts); other filters
// are built per call.
const newestFirst = payoutsNewestFirst;

// Several statuses: the page's ids merged from each status's newest in the merchant's status index
// (an index walk cannot return several statuses in date order), then their rows.
const byMerchant: OrdersByStatusIndex = { table: payoutOrders, id: payoutOrders.id, owner: payoutOrders.merchantId, status: payoutOrders.status, at: payoutOrders.createdAt };

function pageOf(db: Executor, merchantId: string, query: ListPayoutsInput) {
  const window = { merchantId, limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  const onlyStatus = !query.orderNo && !query.merchantOrderNo && !query.from && !query.to;
  const statuses = query.status;
  if (onlyStatus && !statuses) return payoutPage(db, window);
  if (onlyStatus && statuses?.length === 1) return payoutPageByOneStatus(db, { ...window, status: statuses[0] });
  if (onlyStatus && statuses) {
    const onPage = onPageByStatus(db, byMerchant, { owner: merchantId, statuses: statuses as [PayoutStatus, ...PayoutStatus[]], page: query.page, pageSize: query.pageSize });
    return db.select(payoutViewColumns).from(payoutOrders).where(and(onPage, conditionsOf(merchantId, query))).orderBy(...newestFirst);
  }
  if (!query.orderNo && !query.merchantOrderNo && !statuses) {
    return payoutPageInRange(db, { ...window, from: query.from?.toISOString() ?? '-infinity', to: query.to?.toISOString() ?? 'infinity' });
  }
  return db
    .select(payoutViewColumns)
    .from(payoutOrders)
    .where(conditionsOf(merchantId, query))
    .orderBy(...newestFirst)
    .limit(window.limit)
    .offset(window.offset);
}

async function countOf(db: Executor, merchantId: string, query: ListPayoutsInput): Promise<number> {
  const [row] = await db.select({ total: count() }).from(payoutOrders).where(conditionsOf(merchantId, query));
  return row?.total ?? 0;
}
