import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';
import { isoMs } from '../money/format';
import { auditActionLabel } from './audit-action-labels';
import { auditNames } from './audit-names';
import { instantText } from '../validation/instant';
import { parseInput } from '../validation/parse-input';

export const auditQueryInput = z
  .object({
    actorType: z.enum(['operator', 'trader', 'merchant', 'system', 'cli']).optional(),
    actorId: z.string().trim().min(1).max(100).optional(),
    /** An exact action (`dispute.claim`) or a family ending in a dot (`dispute.`). */
    action: z.string().trim().min(1).max(100).optional(),
    targetType: z.string().trim().min(1).max(50).optional(),
    targetId: z.string().trim().min(1).max(100).optional(),
    from: instantText.optional(),
    to: instantText.optional(),
    page: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(50),
  })
  .strict();
export type AuditQueryInput = z.input<typeof auditQueryInput>;

/** The audit log, newest first, filtered by actor, action, target and time range ([from, to)). */
export async function queryAuditLog(db: Executor, rawInput: AuditQueryInput) {
  const input = parseInput(auditQueryInput, rawInput);
  const conditions: SQL[] = [];
  if (input.actorType) conditions.push(eq(auditLog.actorType, input.actorType));
  if (input.actorId) conditions.push(eq(auditLog.actorId, input.actorId));
  if (input.action) {
    conditions.push(input.action.endsWith('.') ? sql`starts_with(${auditLog.action}, ${input.action})` : eq(auditLog.action, input.action));
  }
  if (input.targetType) conditions.push(eq(auditLog.targetType, input.targetType));
  if (input.targetId) conditions.push(eq(auditLog.targetId, input.targetId));
  if (input.from) conditions.push(gte(auditLog.createdAt, new Date(input.from)));
  if (input.to) conditions.push(lt(auditLog.createdAt, new Date(input.to)));
  const where = conditions.length ? and(...conditions) : undefined;

  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(input.pageSize + 1)
    .offset((input.page - 1) * input.pageSize);
  const shown = rows.slice(0, input.pageSize);
  // Names for the console (docs/operator-guide.md, "The audit log"): people, merchants, traders, orders.
  const names = await auditNames(db, { ids: shown.flatMap((row) => [row.actorId, row.targetId]) });
  const nameOf = (id: string | null) => (id ? (names.get(id.toLowerCase()) ?? null) : null);
  return {
    items: shown.map((row) => ({
      id: row.id,
      at: isoMs(row.createdAt),
      actorType: row.actorType,
      actorId: row.actorId,
      actorName: nameOf(row.actorId),
      action: row.action,
      actionLabel: auditActionLabel(row.action),
      targetType: row.targetType,
      targetId: row.targetId,
      targetName: nameOf(row.targetId),
      details: row.details,
      ip: row.ip,
    })),
    page: input.page,
    pageSize: input.pageSize,
    hasMore: rows.length > input.pageSize,
  };
}
