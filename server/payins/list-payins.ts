import { and, count, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { listTotal } from '../listing/list-total';
import { onPageByStatus, type OrdersByStatusIndex } from '../listing/on-page-by-status';
import { payinOrders } from '../../db/schema';
import type { ListPayinsInput } from './payin.schema';
import { payinListColumns, payinListView } from './payin-view';

/** A merchant's pay-ins, newest first, with the exact total for the filter (docs/api.md, "List pay-ins"). */
export async function listPayins(db: Executor, merchantId: string, query: ListPayinsInput) {
  const conditions: SQL[] = [eq(payinOrders.merchantId, merchantId)];
  if (query.orderNo) conditions.push(eq(payinOrders.orderNo, query.orderNo));
  if (query.merchantOrderNo) conditions.push(eq(payinOrders.merchantOrderNo, query.merchantOrderNo));
  if (query.status) conditions.push(inArray(payinOrders.status, query.status));
  if (query.from) conditions.push(gte(payinOrders.createdAt, query.from));
  if (query.to) conditions.push(lte(payinOrders.createdAt, query.to));
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    pageOf(db, merchantId, query, where),
    listTotal(db, { flow: 'payin', merchantId, filter: query, countRows: async () => (await db.select({ total: count() }).from(payinOrders).where(where))[0]?.total ?? 0 }),
  ]);
  return { items: rows.map(payinListView), page: query.page, pageSize: query.pageSize, total };
}

const byMerchant: OrdersByStatusIndex = { table: payinOrders, id: payinOrders.id, owner: payinOrders.merchantId, status: payinOrders.status, at: payinOrders.createdAt };

function pageOf(db: Executor, merchantId: string, query: ListPayinsInput, where: SQL | undefined) {
  const newestFirst = [desc(payinOrders.createdAt), desc(payinOrders.id)];
  const statuses = query.status;
  // Several statuses and nothing else: each status's newest from the merchant's status index, merged.
  if (statuses && statuses.length > 1 && !query.orderNo && !query.merchantOrderNo && !query.from && !query.to) {
    const onPage = onPageByStatus(db, byMerchant, { owner: merchantId, statuses: statuses as [string, ...string[]], page: query.page, pageSize: query.pageSize });
    return db.select(payinListColumns).from(payinOrders).where(and(onPage, where)).orderBy(...newestFirst);
  }
  return db
    .select(payinListColumns)
    .from(payinOrders)
    .where(where)
    .orderBy(...newestFirst)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
}
