import { z } from 'zod';
import { whyThisTrader } from '../../../../server/routing/why-this-trader';
import { operatorProcedure, router } from '../../init';
import { whyThisTraderOutput } from '../../../../server/routing/why-this-trader.schema';

/** Pay-in routing as the console reads it (docs/routing.md, "Why this trader"). */
export const operatorRoutingRouter = router({
  whyThisTrader: operatorProcedure.input(z.object({ orderId: z.uuid() }).strict()).output(whyThisTraderOutput).query(({ ctx, input }) => whyThisTrader(ctx.db, input.orderId)),
});
