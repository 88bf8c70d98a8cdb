import { auditQueryInput, queryAuditLog } from '../../../../server/audit/query-audit-log';
import { operatorProcedure, router } from '../../init';
import { queryAuditLogOutput } from '../../../../server/audit/query-audit-log.schema';

/** The audit log, filtered (docs/operator-guide.md, "Audit log"). */
export const operatorAuditRouter = router({
  query: operatorProcedure.input(auditQueryInput).output(queryAuditLogOutput).query(({ ctx, input }) => queryAuditLog(ctx.db, input)),
});
