import { z } from 'zod';
import { listStatement } from '../../../server/balances/list-statement';
import { merchantBalance } from '../../../server/balances/merchant-balance';
import { listStatementQuery } from '../../../server/balances/statement.schema';
import { merchantProcedure, router } from '../init';

/**
 * The merchant console's Balance page (docs/merchant-guide.md, "Balance"): the figures and the
 * statement of GET /api/v1/balance and /api/v1/balance/transactions, scoped to the session's
 * merchant. The query takes the REST query's strings, so both read one schema. The CSV export is
 * the route handler app/merchant/(console)/balance/statement.csv/route.ts (a stream, not JSON).
 */
export const merchantBalanceRouter = router({
  balance: merchantProcedure('balance.read')
    .input(z.object({}).strict())
    .query(({ ctx }) => merchantBalance(ctx.db, ctx.merchantId)),
  statement: merchantProcedure('statements.read')
    .input(listStatementQuery)
    .query(({ ctx, input }) => listStatement(ctx.db, { merchantId: ctx.merchantId, query: input })),
});
