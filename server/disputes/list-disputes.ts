import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { fmt2, fmt6, isoMsOrNull } from '../money/format';
import type { DisputeFlow } from './dispute-ref';

export interface DisputeQueueItem {
  flow: DisputeFlow;
  orderId: string;
  orderNo: string;
  merchantName: string;
  traderName: string | null;
  /** CNY the order is about. */
  fiatAmount: string;
  /** USDT at stake: the payout's usdAmount, the pay-in's assetAmount. */
  usdtAmount: string;
  disputeReason: string | null;
  disputedAt: string | null;
  /** Seconds since the dispute was filed. */
  ageSeconds: number;
  claimedBy: { id: string; name: string } | null;
}

interface QueueRow {
  flow: DisputeFlow;
  order_id: string;
  order_no: string;
  merchant_name: string;
  trader_name: string | null;
  fiat_amount: string;
  usdt_amount: string;
  dispute_reason: string | null;
  disputed_at: Date | string | null;
  claimed_by: string | null;
  claimed_by_name: string | null;
}

/**
 * The disputes queue: DISPUTED payouts and pay-ins together, oldest dispute first, each with its
 * age and the operator who holds the claim.
 */
export async function listDisputes(
  db: Executor,
  page: { page: number; pageSize: number } = { page: 1, pageSize: 50 },
  now = new Date(),
): Promise<{ items: DisputeQueueItem[]; total: number; page: number; pageSize: number }> {
  const disputed = sql`
    select 'payout' as flow, p.id as order_id, p.order_no, m.name as merchant_name, t.name as trader_name,
           p.locked_fiat_amount::text as fiat_amount, p.usd_amount::text as usdt_amount,
           p.dispute_reason, p.disputed_at, p.created_at, p.claimed_by, u.display_name as claimed_by_name
      from payout_orders p
      join merchants m on m.id = p.merchant_id
      left join traders t on t.id = p.trader_id
      left join users u on u.id = p.claimed_by
     where p.status = 'DISPUTED'
    union all
    select 'payin', i.id, i.order_no, m.name, t.name,
           i.fiat_amount::text, i.asset_amount::text,
           i.dispute_reason, i.disputed_at, i.created_at, i.claimed_by, u.display_name
      from payin_orders i
      join merchants m on m.id = i.merchant_id
      left join traders t on t.id = i.trader_id
      left join users u on u.id = i.claimed_by
     where i.status = 'DISPUTED'`;
  const rows = rowsOf<QueueRow>(
    await db.execute(sql`
      select * from (${disputed}) q
      order by coalesce(q.disputed_at, q.created_at) asc, q.order_id asc
      limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`),
  );
  const [count] = rowsOf<{ total: string | number }>(await db.execute(sql`select count(*) as total from (${disputed}) q`));

  return {
    items: rows.map((row) => {
      const disputedAt = isoMsOrNull(row.disputed_at);
      return {
        flow: row.flow,
        orderId: row.order_id,
        orderNo: row.order_no,
        merchantName: row.merchant_name,
        traderName: row.trader_name,
        fiatAmount: fmt2(row.fiat_amount),
        usdtAmount: row.flow === 'payout' ? fmt2(row.usdt_amount) : fmt6(row.usdt_amount),
        disputeReason: row.dispute_reason,
        disputedAt,
        ageSeconds: disputedAt ? Math.max(0, Math.floor((now.getTime() - Date.parse(disputedAt)) / 1000)) : 0,
        claimedBy: row.claimed_by ? { id: row.claimed_by, name: row.claimed_by_name ?? 'an operator' } : null,
      };
    }),
    total: Number(count?.total ?? 0),
    page: page.page,
    pageSize: page.pageSize,
  };
}
