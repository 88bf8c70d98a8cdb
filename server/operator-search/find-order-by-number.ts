import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';

/**
 * The order behind an order number (payouts WD..., pay-ins ORD...), for the console's direct links
 * `/operator/orders/<orderNo>`: payout_orders_order_no_key / payin_orders_order_no_key. Null when
 * there is none.
 */
export async function findOrderByNumber(db: Executor, options: { orderNo: string }): Promise<{ flow: 'payout' | 'payin'; orderId: string } | null> {
  const orderNo = options.orderNo.trim();
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(orderNo)) return null;
  const upper = orderNo.toUpperCase();
  const [row] = rowsOf<{ flow: 'payout' | 'payin'; id: string }>(
    await db.execute(sql`
      select 'payout' as flow, id from payout_orders where order_no in (${orderNo}, ${upper})
      union all
      select 'payin', id from payin_orders where order_no in (${orderNo}, ${upper})
      limit 1`),
  );
  return row ? { flow: row.flow, orderId: row.id } : null;
}
