import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accountIds } from '../ledger/account-ids';
import type { StatementAccount, StatementEntryType } from './statement.schema';

/** The merchant's accounts a statement reads: both, or the one asked for. Only ever its own. */
export function statementAccountIds(merchantId: string, account: StatementAccount | undefined): { id: string; account: StatementAccount }[] {
  const all = [
    { id: accountIds.merchantAvailable(merchantId), account: 'available' as const },
    { id: accountIds.merchantFrozen(merchantId), account: 'frozen' as const },
  ];
  return account ? all.filter((entry) => entry.account === account) : all;
}

/** A posting as the statement reads it, with its transfer and order. */
export interface DescribedPosting {
  id: string;
  account_id: string;
  amount: string;
  created_at: string;
  kind: string;
  disputed: boolean;
  fee: string;
  flow: 'payout' | 'payin' | null;
  order_id: string | null;
  order_no: string | null;
  merchant_order_no: string | null;
}

/**
 * The columns of each posting of the CTE `postings` (id, account_id, amount, transfer_id,
 * created_at): its transfer's kind, the order it belongs to, and the platform fee the same
 * transfer took (the fee is a leg of its own, to a fee stripe: docs/ledger.md). created_at is
 * spelt in SQL, truncated to milliseconds like every timestamp of the API.
 */
export const describedColumns = sql`
  postings.id::text as id,
  postings.account_id,
  postings.amount::text as amount,
  to_char(postings.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  t.kind,
  coalesce(po.disputed_at, pi.disputed_at) is not null as disputed,
  -- Only a release, a settlement or a split takes a fee; the look-up is skipped for every other
  -- posting. A payout split posts twice to the merchant: the fee belongs to the frozen debit.
  case when t.kind in ('payout.release', 'payin.settle', 'payin.split') or (t.kind = 'payout.split' and postings.account_id like '%:frozen')
    then coalesce((select sum(f.amount) from ledger_postings f where f.transfer_id = t.id and f.account_id like 'platform:fees%'), 0)
    else 0 end::numeric(26, 6)::text as fee,
  case when po.id is not null then 'payout' when pi.id is not null then 'payin' end as flow,
  t.order_id::text as order_id,
  coalesce(po.order_no, pi.order_no) as order_no,
  coalesce(po.merchant_order_no, pi.merchant_order_no) as merchant_order_no`;

export const describedJoins = sql`
  join ledger_transfers t on t.id = postings.transfer_id
  left join payout_orders po on po.id = t.order_id
  left join payin_orders pi on pi.id = t.order_id`;

/**
 * The postings of each account, ordered by id, as one index range scan per account
 * (ledger_postings_account_idx) merged: `account_id in (...)` would make PostgreSQL read every
 * posting of both accounts, or walk the whole table by id, to find the first page.
 */
export function scanAccounts(parts: SQL[], direction: 'asc' | 'desc', limit: number): SQL {
  const order = direction === 'asc' ? sql`asc` : sql`desc`;
  const union = sql.join(
    parts.map((part) => sql`(${part} order by p.id ${order} limit ${limit})`),
    sql` union all `,
  );
  return sql`select * from (${union}) scanned order by id ${order} limit ${limit}`;
}

/** The readable type of an entry (docs/api.md, "Statement entry types"). */
export function entryTypeOf(kind: string, disputed: boolean): StatementEntryType {
  switch (kind) {
    case 'payout.freeze':
      return 'payout_freeze';
    case 'payout.release':
      return disputed ? 'dispute_release' : 'payout_release';
    case 'payout.unfreeze':
      return disputed ? 'dispute_refund' : 'payout_unfreeze';
    case 'payin.settle':
      return disputed ? 'dispute_payin_credit' : 'payin_credit';
    case 'payout.split':
    case 'payin.split':
      return 'dispute_split';
    case 'adjust.credit':
      return 'operator_credit';
    case 'adjust.debit':
      return 'operator_debit';
    default:
      return 'other';
  }
}

/**
 * Runs a statement read with PostgreSQL's JIT compiler off. The planner cannot know how many
 * postings lie between a page's ends, so its estimates for these reads can pass jit_above_cost,
 * and compiling then took 1.7 to 2 s for a page of 100 rows that runs in a few milliseconds
 * (measured with 100,000 postings, docs/api.md "Statement"). `set local` lasts for this
 * transaction only; PGlite has no JIT and takes the setting as it is.
 */
export function withoutJit<T>(db: Executor, read: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return read(tx);
  });
}
