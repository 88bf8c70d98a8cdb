import { desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Executor } from '../../db/client';
import { ledgerChecks } from '../../db/schema';
import { log } from '../logging/log';
import { Dec } from '../money/decimal';
import { checkLedgerInvariants, type InvariantReport } from './check-invariants';

export type LedgerCheckRow = typeof ledgerChecks.$inferSelect;

/**
 * Postings younger than this are left to the next run: a posting's id is taken when it is inserted
 * but becomes visible at commit, so a transaction still open could commit an id below the newest
 * one seen. A minute covers any transaction Corridor runs; the full check covers the rest.
 */
const SETTLE_MS = 60_000;
const LIMIT = 50;
// Any fixed number: one checker at a time across every node.
const CHECK_LOCK = 727_270_002;

/**
 * The scheduled invariant check: only what changed since the last run (the transfers of new
 * postings balance and have two legs or more; the accounts they touched hold exactly the sum of
 * their postings), plus the cheap whole-ledger facts (balances sum to zero per currency, no account
 * below zero). Records its result; a broken invariant is logged at error level and shown by the
 * metric and the operator console (docs/ledger.md).
 */
export async function runIncrementalLedgerCheck(db: Db, now = new Date()): Promise<LedgerCheckRow | null> {
  return db.transaction(async (tx) => {
    const [locked] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${CHECK_LOCK}) as locked`));
    if (!locked?.locked) return null;
    const started = performance.now();
    // Only an incremental run's checkpoint respects the settle window.
    const last = await lastLedgerCheck(tx, 'incremental');
    const from = last?.checkedThroughPostingId ?? 0;
    const settled = new Date(now.getTime() - SETTLE_MS).toISOString();
    const [bounds] = rowsOf<{ through: string | number | null }>(
      await tx.execute(sql`select max(id) as through from ledger_postings where id > ${from} and created_at < ${settled}::timestamptz`),
    );
    const through = bounds?.through === null || bounds?.through === undefined ? from : Number(bounds.through);

    const unbalanced = rowsOf<{ transferId: string; sum: string; legs: number }>(
      await tx.execute(sql`
        select t.transfer_id as "transferId", sum(p.amount)::text as sum, count(*)::int as legs
        from (select distinct transfer_id from ledger_postings where id > ${from} and id <= ${through}) t
        join ledger_postings p on p.transfer_id = t.transfer_id
        group by t.transfer_id
        having sum(p.amount) <> 0 or count(*) < 2
        limit ${LIMIT}`),
    );
    const touched = rowsOf<{ accountId: string }>(
      await tx.execute(sql`select distinct account_id as "accountId" from ledger_postings where id > ${from} and id <= ${through}`),
    );
    const mismatched = touched.length
      ? rowsOf<{ accountId: string; balance: string; postings: string }>(
          await tx.execute(sql`
            select a.id as "accountId", a.balance::text as balance, coalesce(sum(p.amount), 0)::text as postings
            from ledger_accounts a left join ledger_postings p on p.account_id = a.id
            where a.id in (select distinct account_id from ledger_postings where id > ${from} and id <= ${through})
            group by a.id, a.balance
            having a.balance <> coalesce(sum(p.amount), 0)
            limit ${LIMIT}`),
        )
      : [];
    const problems = { ...(await wholeLedgerFacts(tx)), ...(unbalanced.length ? { unbalancedTransfers: unbalanced } : {}), ...(mismatched.length ? { balanceMismatches: mismatched } : {}) };
    const [transfers] = rowsOf<{ count: number }>(
      await tx.execute(sql`select count(distinct transfer_id)::int as count from ledger_postings where id > ${from} and id <= ${through}`),
    );
    return record(tx, {
      kind: 'incremental',
      ok: Object.keys(problems).length === 0,
      durationMs: Math.round(performance.now() - started),
      checkedThroughPostingId: through,
      transfersChecked: transfers?.count ?? 0,
      accountsChecked: touched.length,
      problems,
    });
  });
}

/** The full check on demand (operator console, CLI): every account and transfer, recorded like the scheduled one. */
export async function runFullLedgerCheck(db: Db): Promise<{ check: LedgerCheckRow; report: InvariantReport }> {
  const started = performance.now();
  const [bounds] = rowsOf<{ through: string | number | null }>(await db.execute(sql`select max(id) as through from ledger_postings`));
  const report = await checkLedgerInvariants(db);
  const problems: Record<string, unknown> = {};
  if (report.balanceMismatches.length) problems.balanceMismatches = report.balanceMismatches;
  if (report.unbalancedTransfers.length) problems.unbalancedTransfers = report.unbalancedTransfers;
  if (report.negativeAccounts.length) problems.negativeAccounts = report.negativeAccounts;
  const nonZero = report.totals.filter((row) => !new Dec(row.sum).isZero());
  if (nonZero.length) problems.nonZeroTotals = nonZero;
  const check = await record(db, {
    kind: 'full',
    ok: report.ok,
    durationMs: Math.round(performance.now() - started),
    checkedThroughPostingId: Number(bounds?.through ?? 0),
    transfersChecked: report.transfers,
    accountsChecked: report.accounts,
    problems,
  });
  return { check, report };
}

export async function lastLedgerCheck(db: Executor, kind?: LedgerCheckRow['kind']): Promise<LedgerCheckRow | null> {
  const [last] = await db
    .select()
    .from(ledgerChecks)
    .where(kind ? eq(ledgerChecks.kind, kind) : undefined)
    .orderBy(desc(ledgerChecks.id))
    .limit(1);
  return last ?? null;
}

async function wholeLedgerFacts(db: Executor): Promise<Record<string, unknown>> {
  const totals = rowsOf<{ currency: string; sum: string }>(
    await db.execute(sql`select currency, coalesce(sum(balance), 0)::text as sum from ledger_accounts group by currency having coalesce(sum(balance), 0) <> 0`),
  );
  const negative = rowsOf<{ accountId: string; balance: string }>(
    await db.execute(sql`select id as "accountId", balance::text as balance from ledger_accounts where not allow_negative and balance < 0 limit ${LIMIT}`),
  );
  return { ...(totals.length ? { nonZeroTotals: totals } : {}), ...(negative.length ? { negativeAccounts: negative } : {}) };
}

async function record(db: Executor, row: Omit<LedgerCheckRow, 'id' | 'createdAt'>): Promise<LedgerCheckRow> {
  const [saved] = await db.insert(ledgerChecks).values(row).returning();
  if (!row.ok) log('error', 'LEDGER INVARIANT BROKEN', { checkId: saved!.id, kind: row.kind, problems: Object.keys(row.problems) });
  return saved!;
}
