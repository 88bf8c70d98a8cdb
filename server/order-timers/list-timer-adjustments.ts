import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderTimerAdjustments, users } from '../../db/schema';
import { isoMs } from '../money/format';

export interface TimerAdjustmentView {
  id: string;
  at: string;
  kind: 'pause' | 'resume' | 'extend' | 'outage_catch_up';
  /** The deadline column moved (e.g. merchant_action_due_at); null when nothing moved. */
  timer: string | null;
  seconds: number;
  reason: string | null;
  actorType: string;
  /** The operator's name for an extension; null for the system and the parties. */
  actorName: string | null;
}

/** Every pause, resume, extension and catch-up of one order's deadlines, oldest first. */
export async function listTimerAdjustments(db: Executor, orderId: string): Promise<TimerAdjustmentView[]> {
  const rows = await db
    .select()
    .from(orderTimerAdjustments)
    .where(eq(orderTimerAdjustments.orderId, orderId))
    .orderBy(asc(orderTimerAdjustments.createdAt), asc(orderTimerAdjustments.id));
  const operatorIds = [...new Set(rows.filter((row) => row.actorType === 'operator' && row.actorId).map((row) => row.actorId as string))];
  const names = new Map<string, string>();
  if (operatorIds.length) for (const row of await db.select({ id: users.id, name: users.displayName }).from(users).where(inArray(users.id, operatorIds))) names.set(row.id, row.name);
  return rows.map((row) => ({
    id: row.id,
    at: isoMs(row.createdAt),
    kind: row.kind,
    timer: row.timer,
    seconds: row.seconds,
    reason: row.reason,
    actorType: row.actorType,
    actorName: row.actorType === 'operator' && row.actorId ? (names.get(row.actorId) ?? null) : null,
  }));
}
