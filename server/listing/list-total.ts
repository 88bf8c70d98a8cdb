import { and, eq, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { reusableQuery } from '../../db/reusable-query';
import { merchantOrderCounts } from '../../db/schema';
import { rangeTotal } from './range-total';

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
 * to one order (orderNo, merchantOrderNo), counted on its index, or to a creation range, whose whole
 * hours come from merchant_order_hour_counts and only its two edges are counted (range-total.ts).
 */
export async function listTotal(
  db: Executor,
  flow: 'payout' | 'payin',
  merchantId: string,
  filter: ListFilter,
  countRows: () => Promise<number>,
): Promise<number> {
  if (filter.orderNo || filter.merchantOrderNo) return countRows();
  if (filter.from || filter.to) return rangeTotal(db, flow, merchantId, filter);
  const statuses = filter.status;
  const [row] =
    statuses?.length === 1
      ? await countersByOneStatus(db, { flow, merchantId, status: statuses[0] })
      : statuses
        ? await countersByStatuses(db, { flow, merchantId, statuses })
        : await counters(db, { flow, merchantId });
  return Number(row?.total ?? 0);
}

const ofMerchant = () => and(eq(merchantOrderCounts.flow, sql.placeholder('flow')), eq(merchantOrderCounts.merchantId, sql.placeholder('merchantId')));

const counters = reusableQuery((db) => db.select({ total: sum(merchantOrderCounts.orders) }).from(merchantOrderCounts).where(ofMerchant()));
// One status is an equality: the counters' primary key (flow, merchant, status, shard) finds its rows.
const countersByOneStatus = reusableQuery((db) =>
  db
    .select({ total: sum(merchantOrderCounts.orders) })
    .from(merchantOrderCounts)
    .where(and(ofMerchant(), eq(merchantOrderCounts.status, sql.placeholder('status')))),
);
const countersByStatuses = reusableQuery((db) =>
  db
    .select({ total: sum(merchantOrderCounts.orders) })
    .from(merchantOrderCounts)
    .where(and(ofMerchant(), sql`${merchantOrderCounts.status} = any(${sql.placeholder('statuses')}::text[])`)),
);
