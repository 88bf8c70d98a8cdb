import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';
import { isoMs } from '../money/format';
import { routingSettings } from '../routing/routing-settings';
import { traderExposure, type TraderExposure } from './trader-exposure';

export interface BondPenaltyRow {
  at: string;
  orderId: string;
  flow: string;
  reasonCode: string;
  amount: string;
  to: string;
}

/**
 * What the trader's "Bond" panel and the operator's trader page show (docs/routing.md, "Bond and
 * exposure"): the bond, open exposure, the cap and whether it is on, what may move out, and the
 * last penalties taken from the bond (from the audit log, newest first).
 */
export async function traderBondStatus(db: Executor, traderId: string): Promise<TraderExposure & { penalties: BondPenaltyRow[] }> {
  const { value: settings } = await routingSettings(db);
  const [exposure, rows] = await Promise.all([
    traderExposure(db, traderId, settings.bond),
    db
      .select({ at: auditLog.createdAt, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'trader.bond_penalty'), eq(auditLog.targetType, 'trader'), eq(auditLog.targetId, traderId)))
      .orderBy(desc(auditLog.id))
      .limit(20),
  ]);
  const penalties = rows.map((row) => {
    const details = (row.details ?? {}) as Record<string, string>;
    return { at: isoMs(row.at), orderId: details.orderId ?? '', flow: details.flow ?? '', reasonCode: details.reasonCode ?? '', amount: details.amount ?? '', to: details.to ?? '' };
  });
  return { ...exposure, penalties };
}
