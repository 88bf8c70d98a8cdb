import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { merchants, orderTransitions, traders, users } from '../../db/schema';
import { isoMs } from '../money/format';

export interface TimelineEntry {
  at: string;
  action: string;
  fromStatus: string | null;
  toStatus: string;
  actorType: string;
  actorId: string | null;
  /** The merchant's, trader's or operator's name; null for the system and the buyer. */
  actorName: string | null;
  note: string | null;
}

/** Every state change of an order, oldest first, with who made it. */
export async function orderTimeline(db: Executor, orderId: string): Promise<TimelineEntry[]> {
  const rows = await db.select().from(orderTransitions).where(eq(orderTransitions.orderId, orderId)).orderBy(asc(orderTransitions.id));
  const idsOf = (type: string) => [...new Set(rows.filter((row) => row.actorType === type && row.actorId).map((row) => row.actorId as string))];
  const uuid = /^[0-9a-f-]{36}$/i;
  const names = new Map<string, string>();
  const merchantIds = idsOf('merchant').filter((id) => uuid.test(id));
  const traderIds = idsOf('trader').filter((id) => uuid.test(id));
  const operatorIds = idsOf('operator').filter((id) => uuid.test(id));
  if (merchantIds.length) {
    for (const row of await db.select({ id: merchants.id, name: merchants.name }).from(merchants).where(inArray(merchants.id, merchantIds))) names.set(`merchant:${row.id}`, row.name);
  }
  if (traderIds.length) {
    for (const row of await db.select({ id: traders.id, name: traders.name }).from(traders).where(inArray(traders.id, traderIds))) names.set(`trader:${row.id}`, row.name);
  }
  if (operatorIds.length) {
    for (const row of await db.select({ id: users.id, name: users.displayName }).from(users).where(inArray(users.id, operatorIds))) names.set(`operator:${row.id}`, row.name);
  }
  return rows.map((row) => ({
    at: isoMs(row.createdAt),
    action: row.action,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    actorType: row.actorType,
    actorId: row.actorId,
    actorName: row.actorId ? (names.get(`${row.actorType}:${row.actorId}`) ?? null) : null,
    note: row.note,
  }));
}
