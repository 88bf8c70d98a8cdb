import { merchantBalance } from '../../../server/balances/merchant-balance';
import { merchantOverviewInput } from '../../../server/merchant-console/merchant-overview.schema';
import { merchantOverview } from '../../../server/merchant-console/merchant-overview';
import { merchantProcedure, router } from '../init';
import { merchantOverviewOutput } from '../../../server/merchant-console/merchant-overview-output.schema';
import { merchantBalanceResponse } from '../../../server/balances/merchant-balance.schema';

/**
 * The console's overview figures (docs/merchant-guide.md, "The overview"). The page renders on the
 * server from these same procedures (a server-side caller), so the figures and the access rules are
 * one: order figures need orders.read, the balance balance.read.
 */
export const merchantOverviewRouter = router({
  orders: merchantProcedure('orders.read')
    .input(merchantOverviewInput)
    .output(merchantOverviewOutput)
    .query(({ ctx }) => merchantOverview(ctx.db, { merchantId: ctx.merchantId })),
  balance: merchantProcedure('balance.read')
    .input(merchantOverviewInput)
    .output(merchantBalanceResponse)
    .query(({ ctx }) => merchantBalance(ctx.db, ctx.merchantId)),
});
