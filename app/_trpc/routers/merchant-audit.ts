import { merchantAuditLog, merchantAuditPageInput } from '../../../server/merchant-console/merchant-audit-log';
import { merchantProcedure, router } from '../init';
import { merchantAuditLogOutput } from '../../../server/merchant-console/merchant-audit-log.schema';

/** The merchant console's audit page (docs/merchant-guide.md, "The audit log"): owners only. */
export const merchantAuditRouter = router({
  log: merchantProcedure('audit.read')
    .input(merchantAuditPageInput)
    .output(merchantAuditLogOutput)
    .query(({ ctx, input }) => merchantAuditLog(ctx.db, ctx.merchantId, input)),
});
