import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payinOrders, payoutOrders } from '../../db/schema';
import { dec } from '../money/decimal';
import { fmt2 } from '../money/format';
import type { FlowSummary, OverviewDay } from './merchant-overview.schema';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The overview's window: today and the 29 UTC days before it. */
const OVERVIEW_DAYS = 30;

export interface MerchantOverviewOptions {
  merchantId: string;
  now?: Date;
}

type FlowTable = typeof payoutOrders | typeof payinOrders;

interface DayRow {
  day: string;
  orders: number;
  completed: number;
  finished: number;
  volume: string;
}

/**
 * The figures of the console's overview (docs/merchant-guide.md, "The overview") for payouts and
 * pay-ins: per UTC day of the last 30, orders created, completed and their volume; the success
 * rate; the median completion time; and the open disputes. Each flow costs three statements, all
 * on the (merchant_id, created_at) and (merchant_id, status, created_at) indexes: a range scan of
 * the merchant's last 30 days of orders (a merchant with 10,000 orders a day reads 300,000 index
 * entries and their rows on each view; not cached) and an index count of the DISPUTED ones. Days are UTC so that every viewer sees the same buckets.
 */
export async function merchantOverview(db: Executor, options: MerchantOverviewOptions): Promise<{ payouts: FlowSummary; payins: FlowSummary; asOf: string }> {
  const now = options.now ?? new Date();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const since = new Date(today.getTime() - (OVERVIEW_DAYS - 1) * DAY_MS);
  const [payouts, payins] = await Promise.all([flowSummary(db, payoutOrders, options.merchantId, since, today), flowSummary(db, payinOrders, options.merchantId, since, today)]);
  return { payouts, payins, asOf: now.toISOString() };
}

async function flowSummary(db: Executor, table: FlowTable, merchantId: string, since: Date, today: Date): Promise<FlowSummary> {
  const inWindow = and(eq(table.merchantId, merchantId), gte(table.createdAt, since));
  const [dayRows, [timing], [disputes]] = await Promise.all([
    db
      .select({
        day: sql<string>`to_char(${table.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
        orders: sql<number>`count(*)::int`,
        completed: sql<number>`(count(*) filter (where ${table.status} = 'COMPLETED'))::int`,
        finished: sql<number>`(count(*) filter (where ${table.status} in ('COMPLETED', 'CANCELLED', 'FAILED')))::int`,
        volume: sql<string>`coalesce(sum(${table.usdAmount}) filter (where ${table.status} = 'COMPLETED'), 0)::numeric(20, 2)::text`,
      })
      .from(table)
      .where(inWindow)
      .groupBy(sql`1`),
    db
      .select({
        median: sql<string | null>`(percentile_cont(0.5) within group (order by extract(epoch from ${table.completedAt} - ${table.createdAt})))::text`,
      })
      .from(table)
      .where(and(inWindow, eq(table.status, 'COMPLETED'))),
    db
      .select({ open: sql<number>`count(*)::int` })
      .from(table)
      .where(and(eq(table.merchantId, merchantId), eq(table.status, 'DISPUTED'))),
  ]);
  const byDay = new Map((dayRows as DayRow[]).map((row) => [row.day, row]));
  const days: OverviewDay[] = [];
  for (let time = since.getTime(); time <= today.getTime(); time += DAY_MS) {
    const day = new Date(time).toISOString().slice(0, 10);
    const row = byDay.get(day);
    days.push({ day, orders: row?.orders ?? 0, completed: row?.completed ?? 0, volume: fmt2(row?.volume ?? '0') });
  }
  const todayRow = days[days.length - 1]!;
  const total = (rows: readonly DayRow[]) => ({
    orders: rows.reduce((sum, row) => sum + row.orders, 0),
    completed: rows.reduce((sum, row) => sum + row.completed, 0),
    volume: fmt2(rows.reduce((sum, row) => sum.plus(row.volume), dec('0'))),
  });
  const all = total(dayRows as DayRow[]);
  const finished = (dayRows as DayRow[]).reduce((sum, row) => sum + row.finished, 0);
  return {
    today: { orders: todayRow.orders, completed: todayRow.completed, volume: todayRow.volume },
    last30Days: all,
    successRate: finished === 0 ? null : dec(String(all.completed)).div(String(finished)).toDecimalPlaces(4).toFixed(4),
    medianCompletionSeconds: timing?.median == null ? null : Math.round(Number(timing.median)),
    openDisputes: disputes?.open ?? 0,
    days,
  };
}
