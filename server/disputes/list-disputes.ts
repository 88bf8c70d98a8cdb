import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { fmt2, fmt6, isoMsOrNull } from '../money/format';
import { parseInput } from '../validation/parse-input';
import type { DisputeFlow } from '../orders/order-ref';
import { disputeSlas, dueByOf, type DueBy } from './dispute-sla';
import { listDisputesInput, type DisputeQueueFilters, type ListDisputesInput } from './list-disputes.schema';

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
  /** The next deadline from the SLA (docs/operator-guide.md, "Due-by times"). */
  dueBy: DueBy | null;
  /** A proposed ruling waits for a second operator (docs/operator-guide.md, "Four eyes"). */
  awaitingApproval: boolean;
  /** Deadlines of this dispute a party or the operators missed (docs/operator-guide.md, "Deadlines"). */
  missedDeadlines: number;
  /** A missed deadline raised the case: it sorts first in the default order and shows as overdue. */
  escalated: boolean;
  /** When a pending automatic ruling applies unless an operator stops it; null when none waits. */
  autoRulingAt: string | null;
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
  opened_by: string | null;
  awaiting_approval: boolean;
  missed_deadlines: string | number;
  auto_ruling_at: Date | string | null;
}

/**
 * All open cases of both flows with who opened each (the actor of the transition into DISPUTED:
 * order_transitions_order_idx) and the due time of the SLA, as SQL so the queue sorts and filters
 * on it. The partial indexes payout_orders_disputed_idx / payin_orders_disputed_idx keep the scan
 * to disputed orders.
 */
function openCases(): SQL {
  const kindCase = (flow: DisputeFlow) =>
    flow === 'payout'
      ? sql`case when d.opened_by = 'system' then 'merchant_silent' else 'merchant_disputes_payout' end`
      : sql`case when d.opened_by = 'buyer' then 'buyer_reports_problem' else 'trader_not_received' end`;
  const hoursOf = (column: 'firstResponseHours' | 'rulingHours') =>
    sql.join(
      Object.entries(disputeSlas).map(([kind, sla]) => sql`when ${kind}::text then ${sla[column]}::int`),
      sql` `,
    );
  const select = (flow: DisputeFlow, table: SQL, usdt: SQL) => sql`
    select ${flow}::text as flow, o.id as order_id, o.order_no, o.merchant_id, o.trader_id, m.name as merchant_name, t.name as trader_name,
           o.${flow === 'payout' ? sql`locked_fiat_amount` : sql`fiat_amount`} as fiat_numeric, ${usdt}::text as usdt_amount,
           o.dispute_reason, coalesce(o.disputed_at, o.created_at) as disputed_at, o.claimed_by, u.display_name as claimed_by_name,
           (select tr.actor_type from order_transitions tr where tr.order_id = o.id and tr.to_status = 'DISPUTED' order by tr.id desc limit 1) as opened_by,
           exists (select 1 from dispute_ruling_proposals p where p.flow = ${flow}::text and p.order_id = o.id and p.status = 'pending') as awaiting_approval,
           (select count(*) from dispute_deadlines dl where dl.flow = ${flow}::text and dl.order_id = o.id and dl.starts_at >= o.disputed_at and dl.missed_at is not null) as missed_deadlines,
           (select min(a.apply_at) from dispute_auto_rulings a where a.flow = ${flow}::text and a.order_id = o.id and a.status = 'pending') as auto_ruling_at
      from ${table} o
      join merchants m on m.id = o.merchant_id
      left join traders t on t.id = o.trader_id
      left join users u on u.id = o.claimed_by
     where o.status = 'DISPUTED'`;
  const withKind = (flow: DisputeFlow, table: SQL, usdt: SQL) => sql`
    select d.*, ${kindCase(flow)} as kind from (${select(flow, table, usdt)}) d`;
  return sql`
    select c.*, c.fiat_numeric::text as fiat_amount,
           c.disputed_at + make_interval(hours => case when c.claimed_by is null
             then (case c.kind ${hoursOf('firstResponseHours')} end)
             else (case c.kind ${hoursOf('rulingHours')} end) end) as due_at
      from (${withKind('payout', sql`payout_orders`, sql`o.usd_amount`)}
            union all
            ${withKind('payin', sql`payin_orders`, sql`o.asset_amount`)}) c`;
}

function conditionsOf(filters: DisputeQueueFilters, operatorId: string | null, now: Date): SQL {
  const where: SQL[] = [sql`true`];
  if (filters.flow) where.push(sql`q.flow = ${filters.flow}`);
  if (filters.kind) where.push(sql`q.kind = ${filters.kind}`);
  if (filters.reason) {
    const pattern = `%${filters.reason.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`lower(coalesce(q.dispute_reason, '')) like ${pattern}`);
  }
  if (filters.minAgeHours !== undefined) where.push(sql`q.disputed_at <= ${new Date(now.getTime() - filters.minAgeHours * 3_600_000).toISOString()}::timestamptz`);
  if (filters.maxAgeHours !== undefined) where.push(sql`q.disputed_at >= ${new Date(now.getTime() - filters.maxAgeHours * 3_600_000).toISOString()}::timestamptz`);
  if (filters.minAmount !== undefined) where.push(sql`q.fiat_numeric >= ${filters.minAmount}::numeric`);
  if (filters.maxAmount !== undefined) where.push(sql`q.fiat_numeric <= ${filters.maxAmount}::numeric`);
  if (filters.merchantId) where.push(sql`q.merchant_id = ${filters.merchantId}::uuid`);
  if (filters.traderId) where.push(sql`q.trader_id = ${filters.traderId}::uuid`);
  if (filters.claim === 'unclaimed') where.push(sql`q.claimed_by is null`);
  if (filters.claim === 'mine') where.push(operatorId ? sql`q.claimed_by = ${operatorId}::uuid` : sql`false`);
  if (filters.overdueOnly) where.push(sql`(q.due_at < ${now.toISOString()}::timestamptz or q.missed_deadlines > 0)`);
  return sql.join(where, sql` and `);
}

function orderOf(filters: DisputeQueueFilters): SQL {
  const direction = filters.direction === 'desc' ? sql`desc` : sql`asc`;
  const column = filters.sort === 'amount' ? sql`q.fiat_numeric` : filters.sort === 'age' ? sql`q.disputed_at` : sql`q.due_at`;
  // Age ascending means the youngest first, so the oldest dispute is "age desc"; ties by id for stable pages.
  const sortDirection = filters.sort === 'age' ? (filters.direction === 'desc' ? sql`asc` : sql`desc`) : direction;
  // By due time (the default), escalated cases come first: a missed deadline raises the case's priority.
  const escalatedFirst = filters.sort === 'due' ? sql`(q.missed_deadlines > 0) desc, ` : sql``;
  return sql`${escalatedFirst}${column} ${sortDirection}, q.order_id asc`;
}

/**
 * The disputes queue: DISPUTED payouts and pay-ins together, filtered and sorted (by default the
 * nearest due-by time first), each with its age, the operator who holds the claim and its due-by
 * time from the SLA (docs/operator-guide.md, "The queue").
 */
export async function listDisputes(
  db: Executor,
  rawInput: ListDisputesInput = {},
  options: { operatorId?: string | null; now?: Date } = {},
): Promise<{ items: DisputeQueueItem[]; total: number; page: number; pageSize: number }> {
  const input = parseInput(listDisputesInput, rawInput);
  const now = options.now ?? new Date();
  const where = conditionsOf(input, options.operatorId ?? null, now);
  const rows = rowsOf<QueueRow>(
    await db.execute(sql`
      select * from (${openCases()}) q
       where ${where}
       order by ${orderOf(input)}
       limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`),
  );
  const [count] = rowsOf<{ total: string | number }>(await db.execute(sql`select count(*) as total from (${openCases()}) q where ${where}`));

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
        dueBy: disputedAt
          ? dueByOf({ flow: row.flow, openedBy: row.opened_by, disputedAt: new Date(disputedAt), claimed: row.claimed_by !== null, now })
          : null,
        awaitingApproval: row.awaiting_approval === true,
        missedDeadlines: Number(row.missed_deadlines ?? 0),
        escalated: Number(row.missed_deadlines ?? 0) > 0,
        autoRulingAt: isoMsOrNull(row.auto_ruling_at),
      };
    }),
    total: Number(count?.total ?? 0),
    page: input.page,
    pageSize: input.pageSize,
  };
}
