import { z } from 'zod';
import { cancelPayout } from '../../../../server/payouts/cancel-payout';
import { listStuckPayouts } from '../../../../server/payouts/list-stuck-payouts';
import { operatorPayoutActionInput } from '../../../../server/payouts/operator-payout-action.schema';
import { reassignPayout } from '../../../../server/payouts/reassign-payout';
import { operatorProcedure, router } from '../../init';
import { operatorOf } from './actor';
import { listStuckPayoutsOutput } from '../../../../server/payouts/list-stuck-payouts.schema';
import { operatorPayoutActionOutput } from '../../../../server/payouts/operator-payout-action-output.schema';

/** Payouts stuck in the pool or with a trader: the list, reassigning and cancelling (docs/operator-guide.md, "Stuck payouts"). */
export const operatorStuckPayoutsRouter = router({
  list: operatorProcedure
    .input(z.object({ unmatchedAfterMinutes: z.number().int().min(0).max(100_000).optional(), page: z.number().int().min(1).max(100_000).default(1), pageSize: z.number().int().min(1).max(100).default(50) }).strict())
    .output(listStuckPayoutsOutput)
    .query(({ ctx, input }) => listStuckPayouts(ctx.db, input)),
  reassign: operatorProcedure.input(operatorPayoutActionInput).output(operatorPayoutActionOutput).mutation(({ ctx, input }) => reassignPayout(ctx.db, { ...input, operator: operatorOf(ctx) })),
  cancel: operatorProcedure.input(operatorPayoutActionInput).output(operatorPayoutActionOutput).mutation(({ ctx, input }) => cancelPayout(ctx.db, { ...input, operator: operatorOf(ctx) })),
});
