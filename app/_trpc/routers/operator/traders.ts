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
import { listTradersItem } from '../../../../server/traders/list-traders.schema';
import { createTraderOutput } from '../../../../server/traders/create-trader.schema';
import { applyTraderStatusOutput } from '../../../../server/traders/set-trader-status.schema';
import { traderExposureOutput } from '../../../../server/bond/trader-exposure.schema';
import { payoutTaskLoadOutput } from '../../../../server/routing/payout-task-load.schema';
import { listTraderReputationsItem } from '../../../../server/reputation/trader-reputation.schema';
import { adjustBalanceOutput } from '../../../../server/balances/adjust-balance.schema';

/** Traders: the list, creating one, suspending, the bond, the payout task cap and balance adjustments (docs/operator-guide.md). */
export const operatorTradersRouter = router({
  list: operatorProcedure.input(z.object({}).strict()).output(z.array(listTradersItem)).query(({ ctx }) => listTraders(ctx.db)),
  create: operatorProcedure.input(createTraderInput).output(createTraderOutput).mutation(({ ctx, input }) => createTrader(ctx.db, input, actorOf(ctx))),
  setStatus: operatorProcedure.input(setTraderStatusInput).output(applyTraderStatusOutput).mutation(({ ctx, input }) => setTraderStatus(ctx.db, input, actorOf(ctx))),
  // A trader's bond, exposure, cap and penalties, and its own multiple (docs/routing.md, "Bond and exposure").
  bond: operatorProcedure.input(z.object({ traderId: z.uuid() }).strict()).output(traderExposureOutput).query(({ ctx, input }) => traderBondStatus(ctx.db, input.traderId)),
  setBondMultiple: operatorProcedure.input(setBondMultipleInput).output(traderExposureOutput).mutation(async ({ ctx, input }) => {
    await setBondMultiple(ctx.db, input, actorOf(ctx));
    return traderBondStatus(ctx.db, input.traderId);
  }),
  // A trader's open payout tasks against its cap, and its own cap (docs/routing.md, "Payout dispatch").
  payoutTasks: operatorProcedure.input(z.object({ traderId: z.uuid() }).strict()).output(payoutTaskLoadOutput).query(({ ctx, input }) => payoutTaskLoad(ctx.db, input.traderId)),
  setPayoutTaskCap: operatorProcedure.input(setPayoutTaskCapInput).output(payoutTaskLoadOutput).mutation(async ({ ctx, input }) => {
    await setPayoutTaskCap(ctx.db, input, actorOf(ctx));
    return payoutTaskLoad(ctx.db, input.traderId);
  }),
  // Each trader's reputation and whether the new-trader gate holds it (docs/routing.md, "Reputation").
  reputations: operatorProcedure.input(z.object({}).strict()).output(z.array(listTraderReputationsItem)).query(async ({ ctx }) => listTraderReputations(ctx.db, (await routingSettings(ctx.db)).value.newTrader)),
  adjustBalance: operatorProcedure.input(adjustBalanceInput).output(adjustBalanceOutput).mutation(({ ctx, input }) => adjustBalance(ctx.db, input, actorOf(ctx))),
});
