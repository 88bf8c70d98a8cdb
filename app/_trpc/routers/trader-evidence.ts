import { addTraderEvidence, traderDisputeEvidence } from '../../../server/disputes/trader-dispute-evidence';
import { traderEvidenceInput, traderOrderRef } from '../../../server/disputes/trader-evidence.schema';
import { clientAddressOf } from '../../../server/http/client-address';
import { router, traderProcedure } from '../init';
import { traderDisputeEvidenceOutput } from '../../../server/disputes/trader-dispute-evidence.schema';
import { evidenceItemView } from '../../../server/disputes/dispute-evidence.schema';

/** A trader's evidence on its disputed orders (docs/trader-guide.md, "Disputes"), under trader.evidence. */
export const traderEvidenceRouter = router({
  get: traderProcedure.input(traderOrderRef).output(traderDisputeEvidenceOutput).query(({ ctx, input }) => traderDisputeEvidence(ctx.db, { traderId: ctx.traderId, ...input })),
  add: traderProcedure.input(traderEvidenceInput).output(evidenceItemView).mutation(({ ctx, input }) =>
    addTraderEvidence(ctx.db, {
      traderId: ctx.traderId,
      flow: input.flow,
      orderId: input.orderId,
      statement: input.statement,
      images: input.images,
      ip: clientAddressOf(ctx.headers),
    }),
  ),
});
