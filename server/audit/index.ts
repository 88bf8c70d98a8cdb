export { recordAudit, type AuditEntry } from './record-audit';
export { cliActor, type AuditActorRef } from './audit-actor';
