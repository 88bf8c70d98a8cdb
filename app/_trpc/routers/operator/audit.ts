import { auditQueryInput, queryAuditLog } from '../../../../server/audit/query-audit-log';
import { operatorProcedure, router } from '../../init';

/** The audit log, filtered (docs/operator-guide.md, "Audit log"). */
export const operatorAuditRouter = router({
  query: operatorProcedure.input(auditQueryInput).query(({ ctx, input }) => queryAuditLog(ctx.db, input)),
});
