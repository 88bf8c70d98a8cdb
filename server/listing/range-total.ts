import { rowsOf, type Executor } from '../../db/client';
import { orderRangeCount, type Edge, type Shape } from '../../db/statements/order-range-count';

const HOUR_MS = 3_600_000;

/** The first whole hour at or after `at` (UTC hours: an hour is the same instant everywhere). */
const ceilHour = (at: Date) => new Date(Math.ceil(at.getTime() / HOUR_MS) * HOUR_MS);
/** The hour `at` falls in. */
const floorHour = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/**
 * An instant as PostgreSQL reads it. The hours around a range's ends may fall in year 10000 (a
 * `from` in the last hour of 9999, the latest a query may name: docs/api.md, "Dates and times"),
 * which JavaScript spells "+010000-01-01T..." and PostgreSQL refuses; it reads "10000-01-01T...".
 */
const timestampText = (at: Date) => at.toISOString().replace(/^\+0*(\d{5,})/, '$1');

interface RangeFilter {
  status?: string[];
  from?: Date;
  to?: Date;
}

interface RangeTotalOptions {
  flow: 'payout' | 'payin';
  merchantId: string;
  filter: RangeFilter;
}

/**
 * The exact number of a merchant's orders created in [from, to] (either end open), optionally of
 * some statuses, in one statement: the whole hours inside the range are summed from
 * merchant_order_hour_counts, and only the partial hours at the two edges, [from, first whole hour)
 * and [last whole hour, to], are counted on the orders' (merchant, created_at) index: each either
 * directly or as its hour's counter minus the rest of that hour, whichever part holds less time
 * that has already passed. A range with no whole hour inside is counted directly. docs/performance.md, "Range totals".
 */
export async function rangeTotal(db: Executor, { flow, merchantId, filter }: RangeTotalOptions): Promise<number> {
  const wholeFrom = filter.from ? ceilHour(filter.from) : undefined;
  const wholeTo = filter.to ? floorHour(filter.to) : undefined;
  const values: Record<string, unknown> = { flow, merchantId };
  filter.status?.forEach((status, index) => (values[`status${index}`] = status));
  const iso = (name: string, at: Date | undefined) => at && (values[name] = timestampText(at));
  iso('from', filter.from);
  iso('to', filter.to);

  let shape: Shape;
  if (wholeFrom && wholeTo && wholeFrom >= wholeTo) {
    shape = { direct: true, from: !!filter.from, to: !!filter.to, low: 'none', high: 'none' };
  } else {
    // Each edge reads the shorter part of its hour: the part inside the range, or the part outside
    // subtracted from the hour's counter. Orders exist only in the past, so a part's length is what
    // of it has passed: for a range that ends now, the rest of the hour is empty and costs nothing.
    const now = Date.now();
    const past = (start: number, end: number) => Math.max(0, Math.min(end, now) - start);
    let low: Edge = 'none';
    if (wholeFrom && filter.from) {
      const hourStart = floorHour(filter.from);
      low = past(hourStart.getTime(), filter.from.getTime()) < past(filter.from.getTime(), wholeFrom.getTime()) ? 'complement' : 'count';
      iso('lowHour', hourStart);
      iso('wholeFrom', wholeFrom);
    }
    let high: Edge = 'none';
    if (wholeTo && filter.to) {
      const hourEnd = new Date(wholeTo.getTime() + HOUR_MS);
      high = past(filter.to.getTime(), hourEnd.getTime()) < past(wholeTo.getTime(), filter.to.getTime()) ? 'complement' : 'count';
      iso('wholeTo', wholeTo);
      iso('highEnd', hourEnd);
    }
    shape = { direct: false, from: !!filter.from, to: !!filter.to, low, high };
  }
  const [row] = rowsOf<{ total: string | number }>(await orderRangeCount(db, { flow, statuses: filter.status?.length ?? 0, shape }, values));
  return Number(row?.total ?? 0);
}
