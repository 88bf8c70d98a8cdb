import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { merchantOrderHourCounts, payinOrders, payoutOrders } from '../../db/schema';

const HOUR_MS = 3_600_000;

/** The first whole hour at or after `at` (UTC hours: an hour is the same instant everywhere). */
export const ceilHour = (at: Date) => new Date(Math.ceil(at.getTime() / HOUR_MS) * HOUR_MS);
/** The hour `at` falls in. */
export const floorHour = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

export interface RangeFilter {
  status?: string[];
  from?: Date;
  to?: Date;
}

/**
 * The exact number of a merchant's orders created in [from, to] (either end open), optionally of
 * some statuses, in one statement: the whole hours inside the range are summed from
 * merchant_order_hour_counts, and only the partial hours at the two edges, [from, first whole hour)
 * and [last whole hour, to], are counted on the orders' (merchant, created_at) index: each either
 * directly or as its hour's counter minus the rest of that hour, whichever part holds less time
 * that has already passed. A
 * range with no whole hour inside is counted directly. docs/performance.md, "Range totals".
 */
export async function rangeTotal(db: Executor, flow: 'payout' | 'payin', merchantId: string, filter: RangeFilter): Promise<number> {
  const table = flow === 'payout' ? payoutOrders : payinOrders;
  const statusOf = (column: SQL) => (filter.status ? sql` and ${column} in ${filter.status}` : sql``);
  const orders = (lower: SQL, upper: SQL) =>
    sql`(select count(*) from ${table} where ${table.merchantId} = ${merchantId}${statusOf(sql`${table.status}`)}${lower}${upper})`;

  const wholeFrom = filter.from ? ceilHour(filter.from) : undefined;
  const wholeTo = filter.to ? floorHour(filter.to) : undefined;
  const fromBound = filter.from ? sql` and ${table.createdAt} >= ${filter.from.toISOString()}::timestamptz` : sql``;
  const toBound = filter.to ? sql` and ${table.createdAt} <= ${filter.to.toISOString()}::timestamptz` : sql``;

  let query: SQL;
  if (wholeFrom && wholeTo && wholeFrom >= wholeTo) {
    query = sql`select ${orders(fromBound, toBound)} as total`;
  } else {
    const h = merchantOrderHourCounts;
    const hours = sql`(select coalesce(sum(${h.orders}), 0) from ${h} where ${h.flow} = ${flow} and ${h.merchantId} = ${merchantId}${statusOf(sql`${h.status}`)}${
      wholeFrom ? sql` and ${h.hour} >= ${wholeFrom.toISOString()}::timestamptz` : sql``
    }${wholeTo ? sql` and ${h.hour} < ${wholeTo.toISOString()}::timestamptz` : sql``})`;
    // One hour's orders from the counters (the complement trick below).
    const hour = (start: Date) =>
      sql`(select coalesce(sum(${h.orders}), 0) from ${h} where ${h.flow} = ${flow} and ${h.merchantId} = ${merchantId}${statusOf(sql`${h.status}`)} and ${h.hour} = ${start.toISOString()}::timestamptz)`;
    const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
    // Each edge reads the shorter part of its hour: the part inside the range, or the part outside
    // subtracted from the hour's counter. Orders exist only in the past, so a part's length is what
    // of it has passed: for a range that ends now, the rest of the hour is empty and costs nothing.
    const now = Date.now();
    const past = (start: number, end: number) => Math.max(0, Math.min(end, now) - start);
    let lowEdge = sql`0`;
    if (wholeFrom && filter.from) {
      const hourStart = floorHour(filter.from);
      lowEdge =
        past(hourStart.getTime(), filter.from.getTime()) < past(filter.from.getTime(), wholeFrom.getTime())
          ? sql`(${hour(hourStart)} - ${orders(sql` and ${table.createdAt} >= ${at(hourStart)}`, sql` and ${table.createdAt} < ${at(filter.from)}`)})`
          : orders(fromBound, sql` and ${table.createdAt} < ${at(wholeFrom)}`);
    }
    let highEdge = sql`0`;
    if (wholeTo && filter.to) {
      const hourEnd = new Date(wholeTo.getTime() + HOUR_MS);
      highEdge =
        past(filter.to.getTime(), hourEnd.getTime()) < past(wholeTo.getTime(), filter.to.getTime())
          ? sql`(${hour(wholeTo)} - ${orders(sql` and ${table.createdAt} > ${at(filter.to)}`, sql` and ${table.createdAt} < ${at(hourEnd)}`)})`
          : orders(sql` and ${table.createdAt} >= ${at(wholeTo)}`, toBound);
    }
    query = sql`select ${hours} + ${lowEdge} + ${highEdge} as total`;
  }
  const [row] = rowsOf<{ total: string | number }>(await db.execute(query));
  return Number(row?.total ?? 0);
}
