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

interface MoveRow {
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

/** A row of the batch's statement: a transfer, or (none before the horizon) a row without one; each carries the horizon. */
type RawRow = Omit<MoveRow, 'transfer_id'> & { transfer_id: string | null; horizon_raw: string | null; horizon_id: string | null };

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

interface SettlementRowsBatchOptions {
  merchantId: string;
  date: string;
  after: RowCursor | null;
  limit: number;
}

/**
 * One batch of a day's settlement rows (docs/api.md, "Settlement reports"): one per transfer that
 * changed the merchant's balance (available + frozen) that day, oldest first, with its order, the
 * trader, the bank notification that confirmed a pay-in's fiat leg and a wallet movement's chain
 * transaction. Every posting of a transfer shares its time (one transaction), so the keyset on
 * (time, transfer id) never splits a transfer across batches. `next` is where the following batch
 * starts, null once the day is done.
 *
 * Every batch costs the same wherever its cursor is (docs/performance.md, "Reports over a day of a
 * million orders"): each of the merchant's accounts is read from the cursor on along
 * ledger_postings_account_created_idx (account, time, transfer id) for at most `limit` postings.
 * Past the earliest point where one of those reads stopped (the horizon) a transfer may be missing
 * a posting, so only the transfers up to it are summed; a batch that finds fewer than `limit` rows
 * before the horizon hands the horizon on as the next cursor. (Filtering the postings by
 * `account_id in (...)` instead made PostgreSQL read and sort the rest of the day at every batch.)
 */
export async function settlementRowsBatch(db: Executor, { merchantId, date, after, limit }: SettlementRowsBatchOptions): Promise<{ rows: SettlementRow[]; next: RowCursor | null }> {
  const { start, end } = dayBounds(date);
  const keyset = after ? sql`and (p.created_at, p.transfer_id) > (${after.createdAt}::timestamptz, ${after.transferId})` : sql``;
  const raw = rowsOf<RawRow>(
    await db.execute(sql`
      with postings as materialized (
        select p.transfer_id, p.created_at, p.amount, p.n
        from ledger_accounts a
        cross join lateral (
          select p.transfer_id, p.created_at, p.amount, row_number() over (order by p.created_at, p.transfer_id) as n
          from ledger_postings p
          where p.account_id = a.id and p.created_at >= ${start}::timestamptz and p.created_at < ${end}::timestamptz ${keyset}
          order by p.created_at, p.transfer_id
          limit ${limit}
        ) p
        where a.owner_type = 'merchant' and a.owner_id = ${merchantId}::uuid
      ),
      horizon as (
        select p.created_at, p.transfer_id from postings p where p.n = ${limit} order by p.created_at, p.transfer_id limit 1
      ),
      moves as materialized (
        select p.transfer_id, p.created_at, sum(p.amount) as net
        from postings p
        where not exists (select 1 from horizon h where (p.created_at, p.transfer_id) > (h.created_at, h.transfer_id))
        group by p.created_at, p.transfer_id
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
        ) as tx_hash,
        (select h.created_at::text from horizon h) as horizon_raw, (select h.transfer_id from horizon h) as horizon_id
      from (select 1) one
      left join moves m on true
      left join ledger_transfers t on t.id = m.transfer_id
      left join payout_orders po on po.id = t.order_id
      left join payin_orders pi on pi.id = t.order_id
      left join traders tr on tr.id = coalesce(po.trader_id, pi.trader_id)
      order by m.created_at, m.transfer_id`),
  );
  const found = raw.filter((row): row is RawRow & MoveRow => row.transfer_id !== null);
  const rows = found.map(
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
  const last = found.at(-1);
  const horizon = raw[0]?.horizon_raw && raw[0].horizon_id !== null ? { createdAt: raw[0].horizon_raw, transferId: raw[0].horizon_id } : null;
  if (last && rows.length === limit) return { rows, next: { createdAt: last.created_at_raw, transferId: last.transfer_id } };
  return { rows, next: horizon };
}
