import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { Dec } from '../money/decimal';
import { fmt2, fmt6, fmtRate } from '../money/format';
import { categorySql, feePaidBySql, isoSql } from './report-sql';
import type { ReportingCategory } from './reporting-category';
import type { SettlementRow } from './settlement-report.schema';

/** The UTC day [start, end) a report covers. */
export function dayBounds(date: string): { start: string; end: string } {
  const start = new Date(`${date}T00:00:00.000Z`);
  const end = new Date(start.getTime() + 86_400_000);
  return { start: start.toISOString(), end: end.toISOString() };
}

/** Where the next batch starts: after this transfer, in (created_at, transfer id) order. */
export interface RowCursor {
  createdAt: string;
  transferId: string;
}

interface RawRow {
  transfer_id: string;
  created_at: string;
  created_at_raw: string;
  category: ReportingCategory;
  kind: string;
  flow: 'payout' | 'payin' | null;
  order_id: string | null;
  order_no: string | null;
  merchant_order_no: string | null;
  fiat_currency: string | null;
  fiat_amount: string | null;
  rate: string | null;
  net: string;
  fee: string;
  trader_id: string | null;
  trader_name: string | null;
  bank_notification_id: string | null;
  tx_hash: string | null;
}

/**
 * The merchant's balance at an instant: the sum of its accounts' postings made before it (a
 * posting's time is its transaction's start, the same clock the rows are cut by).
 */
export async function merchantBalanceAt(db: Executor, merchantId: string, at: string): Promise<string> {
  const [row] = rowsOf<{ balance: string }>(
    await db.execute(sql`
      select coalesce(sum(p.amount), 0)::numeric(26, 6)::text as balance
      from ledger_postings p
      where p.account_id in (select id from ledger_accounts where owner_type = 'merchant' and owner_id = ${merchantId}::uuid)
        and p.created_at < ${at}::timestamptz`),
  );
  return fmt6(row!.balance);
}

/**
 * One batch of a day's settlement rows (docs/api.md, "Settlement reports"): one per transfer that
 * changed the merchant's balance (available + frozen) that day, oldest first, with its order, the
 * trader, the bank notification that confirmed a pay-in's fiat leg and a wallet movement's chain
 * transaction. Every posting of a transfer shares its time (one transaction), so the keyset on
 * (time, transfer id) never splits a transfer across batches.
 */
export async function settlementRowsBatch(db: Executor, merchantId: string, date: string, after: RowCursor | null, limit: number): Promise<{ rows: SettlementRow[]; cursor: RowCursor | null }> {
  const { start, end } = dayBounds(date);
  const keyset = after ? sql`and (p.created_at, p.transfer_id) > (${after.createdAt}::timestamptz, ${after.transferId})` : sql``;
  const raw = rowsOf<RawRow>(
    await db.execute(sql`
      with moves as materialized (
        select p.transfer_id, p.created_at, sum(p.amount) as net
        from ledger_postings p
        where p.account_id in (select id from ledger_accounts where owner_type = 'merchant' and owner_id = ${merchantId}::uuid)
          and p.created_at >= ${start}::timestamptz and p.created_at < ${end}::timestamptz ${keyset}
        group by p.transfer_id, p.created_at
        having sum(p.amount) <> 0
        order by p.created_at, p.transfer_id
        limit ${limit}
      )
      select m.transfer_id, ${isoSql(sql`m.created_at`)} as created_at, m.created_at::text as created_at_raw,
        ${categorySql(sql`t.kind`)} as category, t.kind,
        case when po.id is not null then 'payout' when pi.id is not null then 'payin' end as flow,
        t.order_id::text as order_id,
        coalesce(po.order_no, pi.order_no) as order_no,
        coalesce(po.merchant_order_no, pi.merchant_order_no) as merchant_order_no,
        coalesce(po.fiat_currency, pi.fiat_currency) as fiat_currency,
        coalesce(po.locked_fiat_amount, pi.fiat_amount)::text as fiat_amount,
        coalesce(po.fx_rate, pi.fx_rate)::text as rate,
        m.net::numeric(26, 6)::text as net,
        (case when ${feePaidBySql(sql`t.kind`, 'merchant')}
          then coalesce((select sum(f.amount) from ledger_postings f where f.transfer_id = t.id and f.account_id like 'platform:fees%'), 0)
          else 0 end)::numeric(26, 6)::text as fee,
        tr.id::text as trader_id, tr.name as trader_name,
        (select bn.id::text from bank_notifications bn
          where pi.id is not null and bn.payin_order_id = pi.id and bn.match_status in ('released', 'confirmed')
          order by bn.created_at desc limit 1) as bank_notification_id,
        coalesce(
          (select cd.tx_hash from chain_deposits cd where t.kind = 'deposit.credit' and cd.transfer_id = t.id limit 1),
          (select ww.tx_hash from wallet_withdrawals ww where t.kind = 'withdrawal.confirm' and t.id = 'withdrawal:' || ww.id::text || ':confirm')
        ) as tx_hash
      from moves m
      join ledger_transfers t on t.id = m.transfer_id
      left join payout_orders po on po.id = t.order_id
      left join payin_orders pi on pi.id = t.order_id
      left join traders tr on tr.id = coalesce(po.trader_id, pi.trader_id)
      order by m.created_at, m.transfer_id`),
  );
  const rows = raw.map(
    (row): SettlementRow => ({
      transferId: row.transfer_id,
      createdAt: row.created_at,
      category: row.category,
      kind: row.kind,
      flow: row.flow,
      orderId: row.order_id,
      orderNo: row.order_no,
      merchantOrderNo: row.merchant_order_no,
      fiatCurrency: row.fiat_currency,
      fiatAmount: row.fiat_amount === null ? null : fmt2(row.fiat_amount),
      rate: row.rate === null ? null : fmtRate(row.rate),
      gross: new Dec(row.net).plus(row.fee).toFixed(6),
      fee: fmt6(row.fee),
      net: fmt6(row.net),
      traderId: row.trader_id,
      traderName: row.trader_name,
      bankNotificationId: row.bank_notification_id,
      txHash: row.tx_hash,
    }),
  );
  const last = raw.at(-1);
  return { rows, cursor: last ? { createdAt: last.created_at_raw, transferId: last.transfer_id } : null };
}
