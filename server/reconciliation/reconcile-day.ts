import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { reconciliationRuns } from '../../db/schema';
import type { ChainReader } from '../chains/chain-adapter';
import { chainReaderFor } from '../chains/chain-readers';
import type { ChainConfig } from '../chains/chains';
import { DomainError } from '../errors';
import { log } from '../logging/log';
import { applyFindings, emptyCounts } from './apply-findings';
import { businessDay } from './business-day';
import { checkFees } from './check-fees';
import { checkInvariantsItem } from './check-invariants-item';
import { checkLedgerBank } from './check-ledger-bank';
import { checkLedgerChain } from './check-ledger-chain';
import { reconciliationDeadlines } from './reconciliation-deadlines';

export type ReconciliationRunRow = typeof reconciliationRuns.$inferSelect;

export interface ReconcileOptions {
  chains?: readonly ChainConfig[];
  /** Readers by chain key (tests); otherwise each chain's own reader. */
  readers?: ReadonlyMap<string, ChainReader>;
  /** The clock: deadlines are judged against it. */
  now?: Date;
}

// Any fixed number: one writer of a day's results at a time across every node.
const RECONCILE_LOCK = 727_270_004;

/**
 * Reconciles one business day (docs/reconciliation.md): ledger vs bank, ledger vs chain, ledger vs
 * itself. The checks read first, outside any transaction (chain reads take time); the findings and
 * the day's run row are then written in one transaction. Running a day again updates the same run
 * and items. Only a day that has ended can be reconciled.
 */
export async function reconcileDay(db: Db, date: string, options: ReconcileOptions = {}): Promise<ReconciliationRunRow> {
  const day = businessDay(date);
  const now = options.now ?? new Date();
  if (day.end.getTime() > now.getTime()) {
    throw new DomainError('VALIDATION_FAILED', 'Only a day that has ended can be reconciled.', { details: [{ path: 'date', message: 'must be before today (UTC)' }] });
  }
  const startedAt = new Date();
  const deadlines = await reconciliationDeadlines(db);
  const chains = options.chains ?? [];
  const [previousRun] = await db.select().from(reconciliationRuns).where(eq(reconciliationRuns.businessDate, date));

  const findings = [...(await checkLedgerBank(db, { day, now, deadlineMs: deadlines.bankMs }))];
  const chain = await checkLedgerChain(db, { day, now, chains, readerOf: (config) => options.readers?.get(config.key) ?? chainReaderFor(config), deadlineMs: deadlines.chainMs, previousRange: previousRun?.chainRanges });
  findings.push(...chain.findings, await checkInvariantsItem(db, day, now), ...(await checkFees(db, day)));

  const run = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${RECONCILE_LOCK})`);
    const [row] = await tx
      .insert(reconciliationRuns)
      .values({ businessDate: date, startedAt, counts: emptyCounts(), chainRanges: chain.ranges })
      .onConflictDoUpdate({ target: reconciliationRuns.businessDate, set: { startedAt, finishedAt: null, chainRanges: { ...previousRun?.chainRanges, ...chain.ranges } } })
      .returning();
    const counts = await applyFindings(tx, { date, runId: row!.id, findings, now });
    const [finished] = await tx.update(reconciliationRuns).set({ counts, finishedAt: new Date() }).where(eq(reconciliationRuns.id, row!.id)).returning();
    return finished!;
  });
  report(run);
  return run;
}

/** The dates still holding EXPECTED items, oldest first: the scheduled run looks at them again. */
export async function datesWithExpectedItems(db: Db, through: string, limit = 7): Promise<string[]> {
  const rows = rowsOf<{ date: string }>(
    await db.execute(sql`select distinct business_date::text as date from reconciliation_items where state = 'EXPECTED' and business_date <= ${through}::date order by 1 limit ${limit}`),
  );
  return rows.map((row) => row.date);
}

/** Counts only: no subject, amount or detail reaches the log. */
function report(run: ReconciliationRunRow): void {
  const mismatched = Object.values(run.counts).reduce((sum, byState) => sum + byState.MISMATCHED, 0);
  log(mismatched > 0 ? 'warn' : 'info', 'reconciliation run', { date: run.businessDate, runId: run.id, counts: run.counts });
}
