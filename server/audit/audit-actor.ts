import type { AuditActor } from '../../db/schema';

/** Who is acting, for the audit log: an operator, a trader, or the command line. */
export interface AuditActorRef {
  type: AuditActor;
  id?: string | null;
  ip?: string | null;
}

export const cliActor: AuditActorRef = { type: 'cli', id: null };
