import { and, eq, gt, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';

/**
 * How many different payouts' full account numbers one trader may see in any rolling hour
 * (docs/security.md, "Card numbers"). A trader pays one payout at a time by hand, each within its
 * payment window, so ten an hour leaves room for honest work and stops a pool being read through.
 */
export const cardRevealsPerHour = 10;

export type RevealAllowance = { allowed: true } | { allowed: false; seen: number; limit: number; retryAfterSeconds: number };

/**
 * Whether a trader may see one more payout's number now, counted from the audit log's `card.view`
 * rows (the record every reveal already writes): the distinct payouts this trader saw in the past
 * hour. Seeing a payout already among them again reveals nothing new, so it is always allowed.
 * Call it in the reveal's transaction after locking the trader's row, so that two reveals at once
 * cannot both take the last place.
 */
export async function cardRevealAllowance(
  tx: Executor,
  options: { traderId: string; orderId: string; limit?: number },
): Promise<RevealAllowance> {
  const limit = options.limit ?? cardRevealsPerHour;
  const seen = await tx
    .select({
      orderId: auditLog.targetId,
      // When this payout leaves the hour: an hour after its latest view.
      leavesInSeconds: sql<number>`extract(epoch from (${max(auditLog.createdAt)} + interval '1 hour' - now()))::float8`,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actorType, 'trader'),
        eq(auditLog.actorId, options.traderId),
        eq(auditLog.action, 'card.view'),
        gt(auditLog.createdAt, sql`now() - interval '1 hour'`),
      ),
    )
    .groupBy(auditLog.targetId);
  if (seen.length < limit || seen.some((row) => row.orderId === options.orderId)) return { allowed: true };
  const soonest = Math.min(...seen.map((row) => Number(row.leavesInSeconds)));
  return { allowed: false, seen: seen.length, limit, retryAfterSeconds: Math.max(1, Math.ceil(soonest)) };
}
