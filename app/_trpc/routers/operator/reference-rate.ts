import { z } from 'zod';
import { clearReferenceRateOverride, referenceRateStatus, setReferenceRateOverride } from '../../../../server/quotes/reference-rate-override';
import { operatorProcedure, router } from '../../init';
import { actorOf } from './actor';
import { referenceRateStatusOutput } from '../../../../server/quotes/reference-rate-override.schema';

/** The reference rate and its manual override (docs/operator-guide.md, "Rate"). */
export const operatorReferenceRateRouter = router({
  get: operatorProcedure.input(z.object({}).strict()).output(referenceRateStatusOutput).query(({ ctx }) => referenceRateStatus(ctx.db)),
  set: operatorProcedure.input(z.object({ rate: z.string().max(20) }).strict()).output(referenceRateStatusOutput).mutation(({ ctx, input }) => setReferenceRateOverride(ctx.db, input.rate, actorOf(ctx))),
  clear: operatorProcedure.input(z.object({}).strict()).output(referenceRateStatusOutput).mutation(({ ctx }) => clearReferenceRateOverride(ctx.db, actorOf(ctx))),
});
