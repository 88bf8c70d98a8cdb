import { and, asc, desc, eq, gt, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { payinOrders, payoutOrders } from '../../db/schema';
import type { OrderFilter } from './merchant-orders.schema';

export type OrderTable = typeof payoutOrders | typeof payinOrders;

/** A `to` that is a bare date covers that whole UTC day. */
export function endOf(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(Date.parse(`${value}T00:00:00Z`) + 24 * 60 * 60 * 1000 - 1) : new Date(value);
}

/**
 * The search box, case-insensitive like the operators' search: an orderNo as typed or upper-cased
 * (Corridor's order numbers are upper case: `wd...` finds `WD...`, on the unique order_no index),
 * or a merchantOrderNo in any case (`shop-abc` finds `Shop-ABC`, on the merchant's
 * lower(merchant_order_no) index). Two of the merchant's orders whose numbers differ only in case
 * are both found.
 */
function orderSearchSql(table: OrderTable, search: string): SQL | undefined {
  return or(inArray(table.orderNo, [...new Set([search, search.toUpperCase()])]), sql`lower(${table.merchantOrderNo}) = lower(${search})`);
}

/**
 * The console filter as SQL over one order table, always scoped to the merchant. The search is an
 * orderNo or merchantOrderNo in any case (orderSearchSql, both indexed); the rest walk the
 * (merchant_id, created_at) or (merchant_id, status, created_at) index in the sort's direction.
 */
export function orderFilterSql(table: OrderTable, merchantId: string, filter: OrderFilter, after?: { createdAt: string; id: string }): { where: SQL | undefined; orderBy: SQL[] } {
  const conditions: (SQL | undefined)[] = [eq(table.merchantId, merchantId)];
  if (filter.search) conditions.push(orderSearchSql(table, filter.search));
  if (filter.status?.length) conditions.push(inArray(table.status, filter.status as never[]));
  if (filter.from) conditions.push(gte(table.createdAt, new Date(filter.from)));
  if (filter.to) conditions.push(lte(table.createdAt, endOf(filter.to)));
  const oldest = filter.sort === 'oldest';
  if (after) {
    // Keyset: strictly past the last row sent, in the sort's direction (created_at, then id).
    // The cursor's time is PostgreSQL's own text of created_at: a JS Date would drop microseconds.
    const at = sql`${after.createdAt}::timestamptz`;
    const beyond = oldest ? gt : lt;
    conditions.push(or(oldest ? sql`${table.createdAt} > ${at}` : sql`${table.createdAt} < ${at}`, and(sql`${table.createdAt} = ${at}`, beyond(table.id, after.id))));
  }
  const direction = oldest ? asc : desc;
  return { where: and(...conditions), orderBy: [direction(table.createdAt), direction(table.id)] };
}
