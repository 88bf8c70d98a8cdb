import type { Db } from '../../db/client';
import { lastLedgerCheck, runIncrementalLedgerCheck } from '../ledger/run-invariant-check';
import type { BusinessDay } from './business-day';
import type { Finding } from './finding';

/**
 * The ledger invariant check's verdict as one item of the day (docs/ledger.md): the newest check
 * made after the day ended, else an incremental check run now. None recorded (another node holds
 * the checker) is EXPECTED for an hour: the next run picks the check up.
 */
export async function checkInvariantsItem(db: Db, day: BusinessDay, now: Date): Promise<Finding> {
  const base = { check: 'ledger_self' as const, subjectType: 'ledger_invariants', subjectId: day.date };
  const recent = await lastLedgerCheck(db);
  const check = recent && recent.createdAt >= day.end ? recent : ((await runIncrementalLedgerCheck(db, now)) ?? recent);
  if (!check) return { ...base, state: 'EXPECTED', dueAt: new Date(now.getTime() + 3_600_000), reason: 'ledger_check_pending', details: {} };
  const details = { ledgerCheckId: check.id, kind: check.kind, checkedAt: check.createdAt.toISOString(), problems: Object.keys(check.problems).join(',') || null };
  return check.ok ? { ...base, state: 'MATCHED', reason: 'matched', details } : { ...base, state: 'MISMATCHED', reason: 'invariant_broken', details };
}
