import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';

export interface CountDrift {
  flow: string;
  merchantId: string;
  status: string;
  /** Set when the drift is in merchant_order_hour_counts: the hour (ISO) whose count is off. */
  hour?: string;
  counted: number;
  actual: number;
}

/**
 * Rows where merchant_order_counts or merchant_order_hour_counts disagrees with the orders
 * themselves (empty when both are exact).
 */
export async function orderCountDrift(db: Executor): Promise<CountDrift[]> {
  const rows = rowsOf<{ flow: string; merchantId: string; status: string; hour: Date | string | null; counted: string | number; actual: string | number }>(
    await db.execute(sql`
      with actual as (
        select 'payout' as flow, merchant_id, status, date_bin('1 hour', created_at, timestamptz '1970-01-01 00:00:00+00') as hour, count(*) as n from payout_orders group by 1, 2, 3, 4
        union all
        select 'payin', merchant_id, status, date_bin('1 hour', created_at, timestamptz '1970-01-01 00:00:00+00'), count(*) from payin_orders group by 1, 2, 3, 4
      ), totals as (
        select flow, merchant_id, status, sum(n) as n from actual group by 1, 2, 3
      ), hours as (
        select flow, merchant_id, status, hour, sum(orders) as orders from merchant_order_hour_counts group by 1, 2, 3, 4
      )
      select coalesce(a.flow, c.flow) as flow, coalesce(a.merchant_id, c.merchant_id) as "merchantId",
             coalesce(a.status, c.status) as status, null::timestamptz as hour, coalesce(c.orders, 0) as counted, coalesce(a.n, 0) as actual
      from totals a
      full join (select flow, merchant_id, status, sum(orders) as orders from merchant_order_counts group by 1, 2, 3) c on c.flow = a.flow and c.merchant_id = a.merchant_id and c.status = a.status
      where coalesce(c.orders, 0) <> coalesce(a.n, 0)
      union all
      select coalesce(a.flow, h.flow), coalesce(a.merchant_id, h.merchant_id), coalesce(a.status, h.status), coalesce(a.hour, h.hour), coalesce(h.orders, 0), coalesce(a.n, 0)
      from actual a
      full join hours h on h.flow = a.flow and h.merchant_id = a.merchant_id and h.status = a.status and h.hour = a.hour
      where coalesce(h.orders, 0) <> coalesce(a.n, 0)`),
  );
  return rows.map(({ hour, ...row }) => ({
    ...row,
    ...(hour === null ? {} : { hour: new Date(hour).toISOString() }),
    counted: Number(row.counted),
    actual: Number(row.actual),
  }));
}
