import { merchantAuditLog, merchantAuditPageInput } from '../../../server/merchant-console/merchant-audit-log';
import { merchantProcedure, router } from '../init';

/** The merchant console's audit page (docs/merchant-guide.md, "The audit log"): owners only. */
export const merchantAuditRouter = router({
  log: merchantProcedure('audit.read')
    .input(merchantAuditPageInput)
    .query(({ ctx, input }) => merchantAuditLog(ctx.db, ctx.merchantId, input)),
});
