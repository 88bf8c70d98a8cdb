import { and, eq, inArray, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { merchantOrderCounts } from '../../db/schema';

export interface ListFilter {
  orderNo?: string;
  merchantOrderNo?: string;
  status?: string[];
  from?: Date;
  to?: Date;
}

/**
 * The exact `total` of a merchant's list. Filtered only by status (or not at all), it is read
 * from merchant_order_counts, which triggers keep exact in every writing transaction: counting a
 * million index entries took 100-200 ms (docs/performance.md). Any other filter narrows the rows
 * to one order (orderNo, merchantOrderNo) or to a time range, which is counted on its index.
 */
export async function listTotal(
  db: Executor,
  flow: 'payout' | 'payin',
  merchantId: string,
  filter: ListFilter,
  countRows: () => Promise<number>,
): Promise<number> {
  if (filter.orderNo || filter.merchantOrderNo || filter.from || filter.to) return countRows();
  const conditions = [eq(merchantOrderCounts.flow, flow), eq(merchantOrderCounts.merchantId, merchantId)];
  if (filter.status) conditions.push(inArray(merchantOrderCounts.status, filter.status));
  const [row] = await db.select({ total: sum(merchantOrderCounts.orders) }).from(merchantOrderCounts).where(and(...conditions));
  return Number(row?.total ?? 0);
}
