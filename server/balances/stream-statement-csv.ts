import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { log } from '../logging/log';
import { Dec } from '../money/decimal';
import { fmt6 } from '../money/format';
import { csvText } from './csv-text';
import { statementCsvColumns, type StatementAccount, type StatementFilters } from './statement.schema';
import { describedColumns, describedJoins, entryTypeOf, scanAccounts, statementAccountIds, withoutJit, type DescribedPosting } from './statement-rows';

export interface StreamStatementCsvOptions {
  merchantId: string;
  filters: StatementFilters;
  /** Postings read per query; the memory the export holds is about one batch. */
  batchSize?: number;
}

/** Where each account's walk starts and ends, fixed by the first statement (one snapshot). */
interface AccountWalk {
  id: string;
  account: StatementAccount;
  /** The first and last posting ids to walk (inclusive); the filters' dates lie between. */
  lo: string;
  hi: string;
  /** The balance before `lo`. */
  running: Dec;
}

const BATCH = 1000;
const encoder = new TextEncoder();

/**
 * The merchant's statement as CSV, oldest first, streamed in keyset batches so a year of a busy
 * merchant is never held in memory (docs/api.md, "Export as CSV").
 *
 * The first statement fixes, per account, the last posting id and the balance before the first
 * entry the filters keep; the batches then read up to that id only. Within an account, posting ids
 * follow commit order (the account's row lock is held from the id's allocation to the commit,
 * server/ledger/post-transfer.ts), so every later batch sees exactly the postings that first
 * snapshot saw: the export is one consistent statement without holding a transaction (or PGlite's
 * one connection) open while the client downloads. Running balances are added up here, in
 * decimal, over every posting walked, including the few whose time falls outside the filters
 * (a posting's time is its transaction's start, not its commit).
 *
 * Resolves once the walk is fixed (a database failure is an ordinary error before any byte is
 * sent); a failure while streaming aborts the stream, so the client sees a cut connection, never
 * a shorter file that looks complete.
 */
export async function streamStatementCsv(db: Executor, options: StreamStatementCsvOptions): Promise<ReadableStream<Uint8Array>> {
  const { merchantId, filters } = options;
  const batchSize = options.batchSize ?? BATCH;
  const accounts = statementAccountIds(merchantId, filters.account);
  const walks = await planWalks(db, accounts, filters);
  let cursor = '0';
  let header = true;
  let cancelled = false;

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          let text = header ? `${statementCsvColumns.join(',')}\r\n` : '';
          header = false;
          const rows = walks.length === 0 ? [] : await readBatch(db, walks, filters, cursor, batchSize);
          if (cancelled) return;
          for (const row of rows) {
            const walk = walks.find((candidate) => candidate.id === row.account_id)!;
            walk.running = walk.running.plus(row.amount);
            if (row.in_range) text += csvLine(row, walk);
          }
          if (text) controller.enqueue(encoder.encode(text));
          const last = rows.at(-1);
          if (last) cursor = last.id;
          if (rows.length < batchSize) controller.close();
        } catch (error) {
          log('error', 'statement export failed', { merchantId, error });
          controller.error(error);
        }
      },
      cancel() {
        cancelled = true;
      },
    },
    // One batch read ahead of the client, no more.
    { highWaterMark: 1 },
  );
}

/**
 * Per account, in one statement: the last posting, the first and last the date filters keep
 * (bounded by that last one), and the sum of the postings before the first. An account with no
 * posting in range has nothing to walk.
 */
async function planWalks(db: Executor, accounts: { id: string; account: StatementAccount }[], filters: StatementFilters): Promise<AccountWalk[]> {
  const from = filters.from ? sql`and p.created_at >= ${filters.from.toISOString()}::timestamptz` : sql``;
  const to = filters.to ? sql`and p.created_at < ${filters.to.toISOString()}::timestamptz` : sql``;
  const ids = sql.join(
    accounts.map((account) => sql`${account.id}`),
    sql`, `,
  );
  const rows = await withoutJit(db, async (tx) =>
    rowsOf<{ account_id: string; lo: string | null; hi: string | null; opening: string }>(
      await tx.execute(sql`
      select bounds.account_id, bounds.lo::text as lo, bounds.hi::text as hi,
        coalesce((select sum(p.amount) from ledger_postings p where p.account_id = bounds.account_id and p.id < bounds.lo), 0)::numeric(26, 6)::text as opening
      from (
        select a.id as account_id, ends.upto,
          (select min(p.id) from ledger_postings p where p.account_id = a.id and p.id <= ends.upto ${from}) as lo,
          (select max(p.id) from ledger_postings p where p.account_id = a.id and p.id <= ends.upto ${to}) as hi
        from ledger_accounts a
        cross join lateral (select max(p.id) as upto from ledger_postings p where p.account_id = a.id) ends
        where a.id in (${ids})
      ) bounds`),
    ),
  );
  const accountOf = new Map(accounts.map((account) => [account.id, account.account]));
  return rows
    .filter((row) => row.lo !== null && row.hi !== null && BigInt(row.lo) <= BigInt(row.hi))
    .map((row) => ({ id: row.account_id, account: accountOf.get(row.account_id)!, lo: row.lo!, hi: row.hi!, running: new Dec(row.opening) }));
}

/** The next postings after `cursor`, oldest first, over every walked account; in_range: the date filters keep it. */
async function readBatch(db: Executor, walks: AccountWalk[], filters: StatementFilters, cursor: string, batchSize: number) {
  const inRange = sql.join(
    [sql`true`, ...(filters.from ? [sql`p.created_at >= ${filters.from.toISOString()}::timestamptz`] : []), ...(filters.to ? [sql`p.created_at < ${filters.to.toISOString()}::timestamptz`] : [])],
    sql` and `,
  );
  const parts = walks.map(
    (walk) =>
      sql`select p.id, p.account_id, p.amount, p.transfer_id, p.created_at, (${inRange}) as in_range from ledger_postings p
          where p.account_id = ${walk.id} and p.id >= ${walk.lo}::bigint and p.id <= ${walk.hi}::bigint and p.id > ${cursor}::bigint`,
  );
  return withoutJit(db, async (tx) =>
    rowsOf<DescribedPosting & { in_range: boolean }>(
      await tx.execute(sql`
      with postings as (${scanAccounts(parts, 'asc', batchSize)})
      select ${describedColumns}, postings.in_range
      from postings
      ${describedJoins}
      order by postings.id`),
    ),
  );
}

function csvLine(row: DescribedPosting, walk: AccountWalk): string {
  const fields = [
    row.id,
    row.created_at,
    walk.account,
    entryTypeOf(row.kind, row.disputed),
    fmt6(row.amount),
    fmt6(row.fee),
    walk.running.toFixed(6),
    row.flow ?? '',
    csvText(row.order_no ?? ''),
    csvText(row.merchant_order_no ?? ''),
  ];
  return `${fields.join(',')}\r\n`;
}
