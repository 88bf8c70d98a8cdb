import type { Executor } from '../../db/client';
import { auditLog, type AuditActor } from '../../db/schema';

export interface AuditEntry {
  actorType: AuditActor;
  actorId?: string | null;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  /** Facts about the action; never a secret, password or card number. */
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** Appends to the audit log, in the caller's transaction when given one. */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorType: entry.actorType,
    actorId: entry.actorId ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    details: entry.details ?? null,
    ip: entry.ip ?? null,
  });
}
