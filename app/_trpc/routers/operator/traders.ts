import { z } from 'zod';
import { adjustBalance, adjustBalanceInput } from '../../../../server/balances/adjust-balance';
import { createTrader } from '../../../../server/traders/create-trader';
import { listTraders } from '../../../../server/traders/list-traders';
import { setTraderStatus, setTraderStatusInput } from '../../../../server/traders/set-trader-status';
import { createTraderInput } from '../../../../server/traders/trader.schema';
import { operatorProcedure, router } from '../../init';
import { traderBondStatus } from '../../../../server/bond/bond-status';
import { setBondMultiple, setBondMultipleInput } from '../../../../server/bond/set-bond-multiple';
import { payoutTaskLoad } from '../../../../server/routing/payout-task-load';
import { setPayoutTaskCap, setPayoutTaskCapInput } from '../../../../server/routing/set-payout-task-cap';
import { listTraderReputations } from '../../../../server/reputation/trader-reputation';
import { routingSettings } from '../../../../server/routing/routing-settings';
import { actorOf } from './actor';

/** Traders: the list, creating one, suspending, the bond, the payout task cap and balance adjustments (docs/operator-guide.md). */
export const operatorTradersRouter = router({
  list: operatorProcedure.input(z.object({}).strict()).query(({ ctx }) => listTraders(ctx.db)),
  create: operatorProcedure.input(createTraderInput).mutation(({ ctx, input }) => createTrader(ctx.db, input, actorOf(ctx))),
  setStatus: operatorProcedure.input(setTraderStatusInput).mutation(({ ctx, input }) => setTraderStatus(ctx.db, input, actorOf(ctx))),
  // A trader's bond, exposure, cap and penalties, and its own multiple (docs/routing.md, "Bond and exposure").
  bond: operatorProcedure.input(z.object({ traderId: z.uuid() }).strict()).query(({ ctx, input }) => traderBondStatus(ctx.db, input.traderId)),
  setBondMultiple: operatorProcedure.input(setBondMultipleInput).mutation(async ({ ctx, input }) => {
    await setBondMultiple(ctx.db, input, actorOf(ctx));
    return traderBondStatus(ctx.db, input.traderId);
  }),
  // A trader's open payout tasks against its cap, and its own cap (docs/routing.md, "Payout dispatch").
  payoutTasks: operatorProcedure.input(z.object({ traderId: z.uuid() }).strict()).query(({ ctx, input }) => payoutTaskLoad(ctx.db, input.traderId)),
  setPayoutTaskCap: operatorProcedure.input(setPayoutTaskCapInput).mutation(async ({ ctx, input }) => {
    await setPayoutTaskCap(ctx.db, input, actorOf(ctx));
    return payoutTaskLoad(ctx.db, input.traderId);
  }),
  // Each trader's reputation and whether the new-trader gate holds it (docs/routing.md, "Reputation").
  reputations: operatorProcedure.input(z.object({}).strict()).query(async ({ ctx }) => listTraderReputations(ctx.db, (await routingSettings(ctx.db)).value.newTrader)),
  adjustBalance: operatorProcedure.input(adjustBalanceInput).mutation(({ ctx, input }) => adjustBalance(ctx.db, input, actorOf(ctx))),
});
