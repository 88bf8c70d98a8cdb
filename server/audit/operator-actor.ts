import type { AuditActorRef } from './audit-actor';

/** The operator taking an action: who they are for the audit log and the claim. */
export interface OperatorActor {
  id: string;
  ip?: string | null;
}

export function auditActorOf(operator: OperatorActor): AuditActorRef {
  return { type: 'operator', id: operator.id, ip: operator.ip ?? null };
}
