import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { reusableQuery } from '../../db/reusable-query';
import { listTotal } from '../listing/list-total';
import { payoutOrders } from '../../db/schema';
import type { ListPayoutsInput } from './payout.schema';
import { payoutDetailView } from './payout-view';

/** A merchant's payouts, newest first, with the exact total for the filter (merchant-api.md 4.2). */
export async function listPayouts(db: Executor, merchantId: string, query: ListPayoutsInput) {
  const [rows, total] = await Promise.all([pageOf(db, merchantId, query), listTotal(db, 'payout', merchantId, query, () => countOf(db, merchantId, query))]);
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

const newestFirst = [desc(payoutOrders.createdAt), desc(payoutOrders.id)];

// The two shapes merchants poll (all orders; by status) are built once; other filters are built per call.
const page = reusableQuery((db) =>
  db
    .select()
    .from(payoutOrders)
    .where(eq(payoutOrders.merchantId, sql.placeholder('merchantId')))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);
// One status is an equality, so the (merchant, status, created_at) index yields the page in order;
// `= any(array)` cannot (with one status it read 46,000 index entries of other statuses for 20 rows).
const pageByOneStatus = reusableQuery((db) =>
  db
    .select()
    .from(payoutOrders)
    .where(and(eq(payoutOrders.merchantId, sql.placeholder('merchantId')), eq(payoutOrders.status, sql.placeholder('status'))))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);
const pageByStatuses = reusableQuery((db) =>
  db
    .select()
    .from(payoutOrders)
    .where(and(eq(payoutOrders.merchantId, sql.placeholder('merchantId')), sql`${payoutOrders.status} = any(${sql.placeholder('statuses')}::text[])`))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);

function pageOf(db: Executor, merchantId: string, query: ListPayoutsInput) {
  const window = { merchantId, limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  const onlyStatus = !query.orderNo && !query.merchantOrderNo && !query.from && !query.to;
  if (onlyStatus && !query.status) return page(db, window);
  if (onlyStatus && query.status?.length === 1) return pageByOneStatus(db, { ...window, status: query.status[0] });
  if (onlyStatus && query.status) return pageByStatuses(db, { ...window, statuses: query.status });
  return db
    .select()
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
