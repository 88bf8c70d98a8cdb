export { recordAudit, type AuditEntry } from './record-audit';
export { actorTypeOfRole, cliActor, type AuditActorRef } from './audit-actor';
