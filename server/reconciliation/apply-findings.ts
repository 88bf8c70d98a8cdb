import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { reconciliationItems, type ReconciliationCounts, type ReconciliationState } from '../../db/schema';
import { planTransition } from '../orders/machine';
import type { Finding } from './finding';
import { reconciliationItemMachine } from './item-machine';

type ReconciliationItemRow = typeof reconciliationItems.$inferSelect;

interface ApplyFindingsOptions {
  date: string;
  runId: number;
  findings: readonly Finding[];
  now: Date;
}

/**
 * Stores a run's findings (docs/reconciliation.md, "Re-running a day"): a subject is one item per
 * check across runs. A new subject that is not MATCHED is inserted; a stored one moves only as its
 * machine allows: EXPECTED to MISMATCHED, either to MATCHED when the data now agrees (recorded as
 * matched by the data). A MISMATCHED item stays MISMATCHED even if the data looks EXPECTED again.
 * Returns the day's counts by final state.
 */
export async function applyFindings(tx: Tx, { date, runId, findings, now }: ApplyFindingsOptions): Promise<ReconciliationCounts> {
  const stored = new Map(
    (await tx.select().from(reconciliationItems).where(eq(reconciliationItems.businessDate, date))).map((row) => [key(row), row]),
  );
  const counts = emptyCounts();
  for (const finding of findings) {
    const existing = stored.get(key(finding));
    const state = existing ? await update(tx, existing, finding, runId, now) : await insert(tx, date, finding, runId);
    counts[finding.check][state] += 1;
  }
  return counts;
}

async function insert(tx: Tx, date: string, finding: Finding, runId: number): Promise<ReconciliationState> {
  if (finding.state === 'MATCHED') return 'MATCHED';
  await tx
    .insert(reconciliationItems)
    .values({ businessDate: date, ...fields(finding), firstSeenRunId: runId, lastSeenRunId: runId })
    // A subject of another day's run (the same notification seen again) keeps its first row.
    .onConflictDoNothing();
  return finding.state;
}

async function update(tx: Tx, existing: ReconciliationItemRow, finding: Finding, runId: number, now: Date): Promise<ReconciliationState> {
  const action = existing.state === finding.state ? null : finding.state === 'MATCHED' ? 'match' : finding.state === 'MISMATCHED' ? 'expire' : null;
  if (existing.state === 'MATCHED' || (action === null && existing.state !== finding.state)) {
    // MATCHED is final, and MISMATCHED never goes back to EXPECTED: only the run is noted.
    await tx.update(reconciliationItems).set({ lastSeenRunId: runId, updatedAt: now }).where(eq(reconciliationItems.id, existing.id));
    return existing.state;
  }
  const planned = action ? planTransition(reconciliationItemMachine, { current: existing.state, action, actor: 'system', context: { now } }) : null;
  const to = planned?.to ?? existing.state;
  const [row] = await tx
    .update(reconciliationItems)
    .set({
      state: to,
      // A matched item keeps the reason it was an exception for: the queue shows what the data resolved.
      ...(to === 'MATCHED' ? { matchedBy: 'data' as const } : { reason: finding.reason, details: finding.details, dueAt: finding.dueAt ?? existing.dueAt }),
      lastSeenRunId: runId,
      updatedAt: now,
    })
    .where(and(eq(reconciliationItems.id, existing.id), inArray(reconciliationItems.state, planned ? [...planned.from] : [existing.state])))
    .returning({ state: reconciliationItems.state });
  return row?.state ?? existing.state;
}

function fields(finding: Finding) {
  return {
    check: finding.check,
    subjectType: finding.subjectType,
    subjectId: finding.subjectId,
    state: finding.state,
    reason: finding.reason,
    details: finding.details,
    dueAt: finding.dueAt ?? null,
  };
}

function key(row: { check: string; subjectType: string; subjectId: string }): string {
  return `${row.check}|${row.subjectType}|${row.subjectId}`;
}

export function emptyCounts(): ReconciliationCounts {
  const zero = () => ({ MATCHED: 0, MISMATCHED: 0, EXPECTED: 0 });
  return { ledger_bank: zero(), ledger_chain: zero(), ledger_self: zero() };
}
