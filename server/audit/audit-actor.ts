import type { AuditActor } from '../../db/schema';

/** Who is acting, for the audit log: an operator, a trader, or the command line. */
export interface AuditActorRef {
  type: AuditActor;
  id?: string | null;
  ip?: string | null;
}

export const cliActor: AuditActorRef = { type: 'cli', id: null };

/** The audit log's actor type for a signed-in user acting for themselves. */
export function actorTypeOfRole(role: string): AuditActor {
  if (role === 'operator') return 'operator';
  if (role === 'merchant') return 'merchant';
  return 'trader';
}
