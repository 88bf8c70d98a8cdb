import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { auditLog, traders } from '../../db/schema';
import { applyTraderStatus } from '../traders/set-trader-status';

/**
 * How many payout tasks a trader may give back after seeing their full account number, in any 24
 * hours, before they are suspended pending an operator's review (docs/security.md, "Card
 * numbers"). An honest trader rarely needs one (a bank refusing the account, a transfer that would
 * not go through); taking tasks only to read their numbers needs many.
 */
export const releasesAfterRevealPerDay = 3;

/** The reason a suspension by this rule carries in its audit row. */
const releasedAfterRevealReason = 'released_after_reveal';

/**
 * Whether the trader saw this payout's number while holding it this time: a `card.view` of theirs
 * naming the accept it was made under (a view from an earlier holding of the same task does not
 * count, and no two clocks are compared, so a reveal within a millisecond of the accept counts too).
 */
export async function revealedWhileHeld(tx: Tx, options: { traderId: string; orderId: string; acceptedAt: Date | null }): Promise<boolean> {
  if (!options.acceptedAt) return false;
  const [row] = await tx
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actorType, 'trader'),
        eq(auditLog.actorId, options.traderId),
        eq(auditLog.action, 'card.view'),
        eq(auditLog.targetType, 'payout'),
        eq(auditLog.targetId, options.orderId),
        sql`(${auditLog.details}->>'acceptedAt')::timestamptz = ${options.acceptedAt.toISOString()}::timestamptz`,
      ),
    );
  return Number(row?.n ?? 0) > 0;
}

export interface ReleaseAfterRevealCharge {
  /** Releases after a reveal in the last 24 hours, this one included. */
  count: number;
  limit: number;
  /** This release took the trader past the limit: they are suspended now. */
  suspended: boolean;
}

/**
 * Counts a release after a reveal against the trader, in the release's transaction after its
 * `payout.release_task` row (details `afterReveal: true`) is written. Past the limit in 24 hours
 * the trader is suspended by the system, with the reason and the count in the audit row, through
 * the same change an operator makes; lifting it starts the count afresh (only releases after the
 * trader's last reactivation count). The trader's row is locked first, so two releases at once are
 * counted one after the other.
 */
export async function chargeReleaseAfterReveal(
  tx: Tx,
  options: { traderId: string; orderNo: string; limit?: number },
): Promise<ReleaseAfterRevealCharge> {
  const limit = options.limit ?? releasesAfterRevealPerDay;
  const [trader] = await tx.select({ status: traders.status }).from(traders).where(eq(traders.id, options.traderId)).for('update');
  const lastActivated = tx
    .select({ at: sql`max(${auditLog.createdAt})` })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'trader.activate'), eq(auditLog.targetType, 'trader'), eq(auditLog.targetId, options.traderId)));
  const [row] = await tx
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actorType, 'trader'),
        eq(auditLog.actorId, options.traderId),
        eq(auditLog.action, 'payout.release_task'),
        sql`${auditLog.details}->>'afterReveal' = 'true'`,
        gt(auditLog.createdAt, sql`greatest(now() - interval '24 hours', coalesce((${lastActivated}), '-infinity'::timestamptz))`),
      ),
    );
  const released = Number(row?.n ?? 0);
  const suspended = released > limit && trader?.status === 'active';
  if (suspended) {
    await applyTraderStatus(tx, {
      traderId: options.traderId,
      status: 'suspended',
      actor: { type: 'system', id: null },
      details: { reason: releasedAfterRevealReason, releasesAfterReveal: released, limit, orderNo: options.orderNo },
    });
  }
  return { count: released, limit, suspended };
}
