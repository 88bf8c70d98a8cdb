import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { traderReputation, traders } from '../../db/schema';
import { isoMsOrNull } from '../money/format';
import type { GateRecord } from './refresh-trader-reputation';
import { reputationScore } from './reputation-score';
import { REPUTATION_WINDOW_DAYS } from './reputation-window';

/** The new-trader gate as the routing settings hold it (docs/routing.md, "New traders"). */
export interface NewTraderGateSettings extends GateRecord {
  enabled: boolean;
  dailyOrders: number;
  maxOrderFiat: string;
}

type Row = typeof traderReputation.$inferSelect;

/**
 * A trader's reputation as the trader and operators read it: the window's figures, the score and
 * its parts, and whether the new-trader gate holds it (with the caps and what lifts them).
 */
function reputationView(row: Row | undefined, gate: NewTraderGateSettings) {
  const figures = row
    ? { completed: row.completed, failed: row.failed, medianReleaseSeconds: row.medianReleaseSeconds, disputesLost: row.disputesLost }
    : null;
  const ended = (row?.completed ?? 0) + (row?.failed ?? 0);
  const gated = gate.enabled && !row?.gateLiftedAt;
  return {
    windowDays: REPUTATION_WINDOW_DAYS,
    completed: row?.completed ?? 0,
    failed: row?.failed ?? 0,
    // As a decimal string with 4 places, null with no ended order: a rate of nothing is not 0%.
    completionRate: ended === 0 ? null : ((row?.completed ?? 0) / ended).toFixed(4),
    medianReleaseSeconds: row?.medianReleaseSeconds ?? null,
    disputesLost: row?.disputesLost ?? 0,
    volume: row?.volume ?? '0.000000',
    score: reputationScore(figures),
    refreshedAt: isoMsOrNull(row?.refreshedAt),
    gate: gated
      ? {
          dailyOrders: gate.dailyOrders,
          maxOrderFiat: gate.maxOrderFiat,
          minCompletedOrders: gate.minCompletedOrders,
          minDays: gate.minDays,
          completedTotal: row?.completedTotal ?? 0,
          firstCompletedAt: isoMsOrNull(row?.firstCompletedAt),
        }
      : null,
  };
}
export type TraderReputationView = ReturnType<typeof reputationView>;

/** The reputation of each of these traders (a trader never refreshed has no record yet). */
export async function traderReputations(db: Executor, traderIds: string[], gate: NewTraderGateSettings): Promise<Map<string, TraderReputationView>> {
  const rows = traderIds.length === 0 ? [] : await db.select().from(traderReputation).where(inArray(traderReputation.traderId, traderIds));
  const byTrader = new Map(rows.map((row) => [row.traderId, row]));
  return new Map(traderIds.map((id) => [id, reputationView(byTrader.get(id), gate)]));
}

/** Every trader's name and reputation, oldest trader first, for the operator console's traders page. */
export async function listTraderReputations(db: Executor, gate: NewTraderGateSettings) {
  const rows = await db.select({ id: traders.id, name: traders.name }).from(traders).orderBy(asc(traders.createdAt), asc(traders.id));
  const views = await traderReputations(db, rows.map((row) => row.id), gate);
  return rows.map((row) => ({ traderId: row.id, name: row.name, ...views.get(row.id)! }));
}
