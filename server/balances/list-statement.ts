import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { fmt6 } from '../money/format';
import type { ListStatementQuery, StatementEntry, StatementPage } from './statement.schema';
import { describedColumns, describedJoins, entryTypeOf, scanAccounts, statementAccountIds, withoutJit, type DescribedPosting } from './statement-rows';

export interface ListStatementOptions {
  merchantId: string;
  query: ListStatementQuery;
}

/**
 * A page of the merchant's statement: the postings of its available and frozen accounts, newest
 * first, each with its running balance (docs/api.md, "Statement").
 *
 * ledger_postings keeps no balance after each posting, so it is computed, in the one statement
 * that reads the page (one snapshot): for each account, its balance minus the postings newer than
 * the page, then minus the page's own newer postings (a window sum). The cost is a scan of the
 * postings newer than the page: nothing on the first page, the whole history on the last; the
 * CSV export walks the other way for that reason. The CTEs are materialized so the newer-postings
 * sum runs once per account, not once per row. The window runs over every posting between the
 * page's oldest and newest, not only those the date filters keep, so a filtered-out posting still
 * counts in the balance.
 *
 * Pages are keyed by the posting id: within an account, ids are taken under the account's row
 * lock, held to the commit (server/ledger/post-transfer.ts), so they follow commit order and a
 * posting made while the merchant pages has a larger id than any it has seen on that account.
 */
export async function listStatement(db: Executor, options: ListStatementOptions): Promise<StatementPage> {
  const { merchantId, query } = options;
  const conditions: SQL[] = [];
  if (query.startingAfter) conditions.push(sql`and p.id < ${query.startingAfter}::bigint`);
  if (query.from) conditions.push(sql`and p.created_at >= ${query.from.toISOString()}::timestamptz`);
  if (query.to) conditions.push(sql`and p.created_at < ${query.to.toISOString()}::timestamptz`);
  const accounts = statementAccountIds(merchantId, query.account);
  const parts = accounts.map(
    (account) => sql`select p.id, p.account_id, p.amount, p.transfer_id, p.created_at from ledger_postings p where p.account_id = ${account.id} ${sql.join(conditions, sql` `)}`,
  );
  // One more than asked says whether another page exists without counting the history.
  const page = scanAccounts(parts, 'desc', query.limit + 1);

  const rows = await withoutJit(db, async (tx) =>
    rowsOf<DescribedPosting & { balance_after: string }>(
      await tx.execute(sql`
      with postings as materialized (${page}),
      bounds as materialized (
        select b.account_id, b.lo, b.hi,
          a.balance - coalesce((select sum(n.amount) from ledger_postings n where n.account_id = b.account_id and n.id > b.hi), 0) as top_balance
        from (select account_id, min(id) as lo, max(id) as hi from postings group by account_id) b
        join ledger_accounts a on a.id = b.account_id
      ),
      running as materialized (
        select q.id,
          b.top_balance - coalesce(sum(q.amount) over (partition by q.account_id order by q.id desc rows between unbounded preceding and 1 preceding), 0) as balance_after
        from bounds b
        -- offset 0 keeps this a scan of the account's index per bound, not a join over the table.
        cross join lateral (select q.id, q.account_id, q.amount from ledger_postings q where q.account_id = b.account_id and q.id between b.lo and b.hi offset 0) q
      )
      select ${describedColumns}, running.balance_after::numeric(26, 6)::text as balance_after
      from postings
      join running on running.id = postings.id
      ${describedJoins}
      order by postings.id desc`),
    ),
  );

  const accountOf = new Map(accounts.map((account) => [account.id, account.account]));
  const items: StatementEntry[] = rows.slice(0, query.limit).map((row) => ({
    id: row.id,
    account: accountOf.get(row.account_id)!,
    type: entryTypeOf(row.kind, row.disputed),
    amount: fmt6(row.amount),
    fee: fmt6(row.fee),
    balanceAfter: fmt6(row.balance_after),
    flow: row.flow,
    orderId: row.order_id,
    orderNo: row.order_no,
    merchantOrderNo: row.merchant_order_no,
    createdAt: row.created_at,
  }));
  const hasMore = rows.length > query.limit;
  return { items, hasMore, nextCursor: hasMore ? (items.at(-1)?.id ?? null) : null };
}
