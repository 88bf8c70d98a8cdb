import { z } from 'zod';
import { whyThisTrader } from '../../../../server/routing/why-this-trader';
import { operatorProcedure, router } from '../../init';

/** Pay-in routing as the console reads it (docs/routing.md, "Why this trader"). */
export const operatorRoutingRouter = router({
  whyThisTrader: operatorProcedure.input(z.object({ orderId: z.uuid() }).strict()).query(({ ctx, input }) => whyThisTrader(ctx.db, input.orderId)),
});
