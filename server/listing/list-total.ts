import type { Executor } from '../../db/client';
import { orderCount, orderCountByOneStatus, orderCountByStatuses } from '../../db/statements/order-counters';
import { rangeTotal } from './range-total';

interface ListFilter {
  orderNo?: string;
  merchantOrderNo?: string;
  status?: string[];
  from?: Date;
  to?: Date;
}

interface ListTotalOptions {
  flow: 'payout' | 'payin';
  merchantId: string;
  filter: ListFilter;
  countRows: () => Promise<number>;
}

/**
 * The exact `total` of a merchant's list. Filtered only by status (or not at all), it is read
 * from merchant_order_counts, which triggers keep exact in every writing transaction: counting a
 * million index entries took 100-200 ms (docs/performance.md). Any other filter narrows the rows
 * to one order (orderNo, merchantOrderNo), counted on its index, or to a creation range, whose whole
 * hours come from merchant_order_hour_counts and only its two edges are counted (range-total.ts).
 */
export async function listTotal(
  db: Executor,
  { flow, merchantId, filter, countRows }: ListTotalOptions,
): Promise<number> {
  if (filter.orderNo || filter.merchantOrderNo) return countRows();
  if (filter.from || filter.to) return rangeTotal(db, { flow, merchantId, filter });
  const statuses = filter.status;
  const [row] =
    statuses?.length === 1
      ? await orderCountByOneStatus(db, { flow, merchantId, status: statuses[0] })
      : statuses
        ? await orderCountByStatuses(db, { flow, merchantId, statuses })
        : await orderCount(db, { flow, merchantId });
  return Number(row?.total ?? 0);
}
