import { and, asc, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { walletWithdrawals } from '../../db/schema';
import { withdrawalView } from './withdrawal.schema';

/**
 * How long an approved send may sit in one step before the operators' queue calls it stuck: the
 * signer signs within seconds and a broadcast send is mined (or fee-bumped) within minutes.
 */
const STUCK_AFTER_MINUTES = 15;

/** When the withdrawal entered the step it is in (approved, signed or broadcast). */
const stepStartedAt = sql<string | Date>`coalesce(${walletWithdrawals.broadcastAt}, ${walletWithdrawals.signedAt}, ${walletWithdrawals.decidedAt}, ${walletWithdrawals.requestedAt})`;

/**
 * The operators' "stuck" list: withdrawals approved, signed or broadcast that have stayed in that
 * step longer than STUCK_AFTER_MINUTES, longest first, each with the time it entered the step.
 * The threshold comes with them, so the page says what "stuck" means.
 */
export async function listStuckWithdrawals(db: Executor, now = new Date()) {
  const since = new Date(now.getTime() - STUCK_AFTER_MINUTES * 60_000);
  const rows = await db
    .select({ row: walletWithdrawals, since: stepStartedAt })
    .from(walletWithdrawals)
    .where(and(inArray(walletWithdrawals.state, ['APPROVED', 'SIGNED', 'BROADCAST']), sql`${stepStartedAt} < ${since.toISOString()}::timestamptz`))
    .orderBy(asc(stepStartedAt))
    .limit(STUCK_PAGE);
  const items = rows.map(({ row, since: stepSince }) => ({
    ...withdrawalView(row),
    ownerType: row.ownerType,
    ownerId: row.ownerId,
    inStepSince: new Date(stepSince).toISOString(),
  }));
  return { stuckAfterMinutes: STUCK_AFTER_MINUTES, items };
}

const STUCK_PAGE = 200;
