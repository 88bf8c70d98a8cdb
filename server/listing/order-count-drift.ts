import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';

export interface CountDrift {
  flow: string;
  merchantId: string;
  status: string;
  counted: number;
  actual: number;
}

/** Rows where merchant_order_counts disagrees with the orders themselves (empty when exact). */
export async function orderCountDrift(db: Executor): Promise<CountDrift[]> {
  const rows = rowsOf<{ flow: string; merchantId: string; status: string; counted: string | number; actual: string | number }>(
    await db.execute(sql`
      with actual as (
        select 'payout' as flow, merchant_id, status, count(*) as n from payout_orders group by 1, 2, 3
        union all
        select 'payin', merchant_id, status, count(*) from payin_orders group by 1, 2, 3
      )
      select coalesce(a.flow, c.flow) as flow, coalesce(a.merchant_id, c.merchant_id) as "merchantId",
             coalesce(a.status, c.status) as status, coalesce(c.orders, 0) as counted, coalesce(a.n, 0) as actual
      from actual a
      full join (select flow, merchant_id, status, sum(orders) as orders from merchant_order_counts group by 1, 2, 3) c on c.flow = a.flow and c.merchant_id = a.merchant_id and c.status = a.status
      where coalesce(c.orders, 0) <> coalesce(a.n, 0)`),
  );
  return rows.map((row) => ({ ...row, counted: Number(row.counted), actual: Number(row.actual) }));
}
