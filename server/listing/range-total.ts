import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { reusableSql } from '../../db/reusable-query';
import { merchantOrderHourCounts, payinOrders, payoutOrders } from '../../db/schema';

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
 * that has already passed. A range with no whole hour inside is counted directly. docs/performance.md, "Range totals".
 */
export async function rangeTotal(db: Executor, flow: 'payout' | 'payin', merchantId: string, filter: RangeFilter): Promise<number> {
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
  const [row] = rowsOf<{ total: string | number }>(await statementOf(flow, filter.status?.length ?? 0, shape)(db, values));
  return Number(row?.total ?? 0);
}

type Edge = 'none' | 'count' | 'complement';
interface Shape {
  /** No whole hour inside: count the range on the index. */
  direct: boolean;
  from: boolean;
  to: boolean;
  low: Edge;
  high: Edge;
}

// Each shape of the statement is built once (db/reusable-query.ts): a list with a date range is
// what reconciliation jobs poll, and building the statement cost more CPU than running it.
const statements = new Map<string, ReturnType<typeof reusableSql>>();

function statementOf(flow: 'payout' | 'payin', statuses: number, shape: Shape) {
  const key = `${flow}|${statuses}|${shape.direct}|${shape.from}|${shape.to}|${shape.low}|${shape.high}`;
  let statement = statements.get(key);
  if (!statement) {
    statement = reusableSql(() => buildStatement(flow, statuses, shape));
    statements.set(key, statement);
  }
  return statement;
}

function buildStatement(flow: 'payout' | 'payin', statuses: number, shape: Shape): SQL {
  const table = flow === 'payout' ? payoutOrders : payinOrders;
  const h = merchantOrderHourCounts;
  const p = (name: string) => sql.placeholder(name);
  const at = (name: string) => sql`${p(name)}::timestamptz`;
  const statusIn = (column: SQL) =>
    statuses > 0 ? sql` and ${column} in (${sql.join(Array.from({ length: statuses }, (_, index) => p(`status${index}`)), sql`, `)})` : sql``;
  const orders = (lower: SQL, upper: SQL) =>
    sql`(select count(*) from ${table} where ${table.merchantId} = ${p('merchantId')}${statusIn(sql`${table.status}`)}${lower}${upper})`;
  const counters = (hours: SQL) =>
    sql`(select coalesce(sum(${h.orders}), 0) from ${h} where ${h.flow} = ${p('flow')} and ${h.merchantId} = ${p('merchantId')}${statusIn(sql`${h.status}`)}${hours})`;
  const fromBound = shape.from ? sql` and ${table.createdAt} >= ${at('from')}` : sql``;
  const toBound = shape.to ? sql` and ${table.createdAt} <= ${at('to')}` : sql``;
  if (shape.direct) return sql`select ${orders(fromBound, toBound)} as total`;

  const whole = counters(sql`${shape.low !== 'none' ? sql` and ${h.hour} >= ${at('wholeFrom')}` : sql``}${shape.high !== 'none' ? sql` and ${h.hour} < ${at('wholeTo')}` : sql``}`);
  const lowEdge =
    shape.low === 'complement'
      ? sql`(${counters(sql` and ${h.hour} = ${at('lowHour')}`)} - ${orders(sql` and ${table.createdAt} >= ${at('lowHour')}`, sql` and ${table.createdAt} < ${at('from')}`)})`
      : shape.low === 'count'
        ? orders(fromBound, sql` and ${table.createdAt} < ${at('wholeFrom')}`)
        : sql`0`;
  const highEdge =
    shape.high === 'complement'
      ? sql`(${counters(sql` and ${h.hour} = ${at('wholeTo')}`)} - ${orders(sql` and ${table.createdAt} > ${at('to')}`, sql` and ${table.createdAt} < ${at('highEnd')}`)})`
      : shape.high === 'count'
        ? orders(sql` and ${table.createdAt} >= ${at('wholeTo')}`, toBound)
        : sql`0`;
  return sql`select ${whole} + ${lowEdge} + ${highEdge} as total`;
}
