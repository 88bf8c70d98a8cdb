import { z } from 'zod';
import { clearReferenceRateOverride, referenceRateStatus, setReferenceRateOverride } from '../../../../server/quotes/reference-rate-override';
import { operatorProcedure, router } from '../../init';
import { actorOf } from './actor';

/** The reference rate and its manual override (docs/operator-guide.md, "Rate"). */
export const operatorReferenceRateRouter = router({
  get: operatorProcedure.input(z.object({}).strict()).query(({ ctx }) => referenceRateStatus(ctx.db)),
  set: operatorProcedure.input(z.object({ rate: z.string().max(20) }).strict()).mutation(({ ctx, input }) => setReferenceRateOverride(ctx.db, input.rate, actorOf(ctx))),
  clear: operatorProcedure.input(z.object({}).strict()).mutation(({ ctx }) => clearReferenceRateOverride(ctx.db, actorOf(ctx))),
});
