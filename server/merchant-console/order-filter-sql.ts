import { and, asc, desc, eq, gt, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { payinOrders, payoutOrders } from '../../db/schema';
import type { OrderFilter } from './merchant-orders.schema';

export type OrderTable = typeof payoutOrders | typeof payinOrders;

/** A `to` that is a bare date covers that whole UTC day. */
export function endOf(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(Date.parse(`${value}T00:00:00Z`) + 24 * 60 * 60 * 1000 - 1) : new Date(value);
}

/**
 * The console filter as SQL over one order table, always scoped to the merchant. The search is an
 * exact orderNo or merchantOrderNo (each unique per merchant, both indexed); the rest walk the
 * (merchant_id, created_at) or (merchant_id, status, created_at) index in the sort's direction.
 */
export function orderFilterSql(table: OrderTable, merchantId: string, filter: OrderFilter, after?: { createdAt: string; id: string }): { where: SQL | undefined; orderBy: SQL[] } {
  const conditions: (SQL | undefined)[] = [eq(table.merchantId, merchantId)];
  if (filter.search) conditions.push(or(eq(table.orderNo, filter.search), eq(table.merchantOrderNo, filter.search)));
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
