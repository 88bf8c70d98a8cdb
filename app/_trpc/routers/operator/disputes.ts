import { z } from 'zod';
import { claimDispute, releaseDisputeClaim } from '../../../../server/disputes/claim-dispute';
import { disputeRef } from '../../../../server/orders/order-ref';
import { getDisputeCase } from '../../../../server/disputes/get-dispute-case';
import { bulkClaimDisputes } from '../../../../server/disputes/bulk-claim-disputes';
import { bulkClaimInput } from '../../../../server/disputes/bulk-claim.schema';
import { bulkReleaseDisputes } from '../../../../server/disputes/bulk-release-disputes';
import { claimNextDispute } from '../../../../server/disputes/claim-next-dispute';
import { listDisputes } from '../../../../server/disputes/list-disputes';
import { disputeQueueFilters, listDisputesInput } from '../../../../server/disputes/list-disputes.schema';
import { ruleDispute, ruleDisputeInput } from '../../../../server/disputes/rule-dispute';
import { decideRulingProposal, decideRulingProposalInput } from '../../../../server/disputes/decide-ruling-proposal';
import { fourEyesThreshold } from '../../../../server/disputes/four-eyes-threshold';
import { getRulingContext, previewSplit } from '../../../../server/disputes/get-ruling-context';
import { operatorProcedure, router } from '../../init';
import { operatorOf } from './actor';
import { listDisputesOutput } from '../../../../server/disputes/list-disputes-output.schema';
import { disputeCase } from '../../../../server/disputes/get-dispute-case.schema';
import { claimDisputeOutput } from '../../../../server/disputes/claim-dispute.schema';
import { bulkClaimResult } from '../../../../server/disputes/bulk-claim-view.schema';
import { disputeFlow } from '../../../../server/orders/order-ref';
import { ruleDisputeResult } from '../../../../server/disputes/rule-dispute.schema';
import { getRulingContextOutput } from '../../../../server/disputes/get-ruling-context.schema';
import { splitLegs } from '../../../../server/rulings/split-ruling.schema';
import { decideRulingProposalOutput } from '../../../../server/disputes/decide-ruling-proposal.schema';
import { fourEyesThresholdOutput } from '../../../../server/disputes/four-eyes-threshold.schema';

/** The disputes queue and a case: claims, rulings and their four-eyes proposals (docs/operator-guide.md). */
export const operatorDisputesRouter = router({
  list: operatorProcedure.input(listDisputesInput).output(listDisputesOutput).query(({ ctx, input }) => listDisputes(ctx.db, input, { operatorId: ctx.operatorId })),
  get: operatorProcedure.input(disputeRef).output(disputeCase).query(({ ctx, input }) => getDisputeCase(ctx.db, input)),
  claim: operatorProcedure.input(disputeRef).output(claimDisputeOutput).mutation(({ ctx, input }) => claimDispute(ctx.db, input, operatorOf(ctx))),
  releaseClaim: operatorProcedure.input(disputeRef).output(z.void()).mutation(({ ctx, input }) => releaseDisputeClaim(ctx.db, input, operatorOf(ctx))),
  bulkClaim: operatorProcedure.input(bulkClaimInput).output(bulkClaimResult).mutation(({ ctx, input }) => bulkClaimDisputes(ctx.db, input, operatorOf(ctx))),
  bulkRelease: operatorProcedure.input(bulkClaimInput).output(bulkClaimResult).mutation(({ ctx, input }) => bulkReleaseDisputes(ctx.db, input, operatorOf(ctx))),
  // The unclaimed case due soonest within the queue's filters; null when none is left.
  claimNext: operatorProcedure
    .input(z.object({ filters: disputeQueueFilters.partial().optional() }).strict())
    .output(z.object({ flow: disputeFlow, orderId: z.string(), orderNo: z.string() }).nullable())
    .mutation(({ ctx, input }) => claimNextDispute(ctx.db, { filters: input.filters, operator: operatorOf(ctx) })),
  rule: operatorProcedure.input(ruleDisputeInput).output(ruleDisputeResult).mutation(({ ctx, input }) => ruleDispute(ctx.db, { input, operator: operatorOf(ctx) })),
  rulingContext: operatorProcedure.input(disputeRef).output(getRulingContextOutput).query(({ ctx, input }) => getRulingContext(ctx.db, input)),
  previewSplit: operatorProcedure
    .input(disputeRef.extend({ amount: z.string().max(40) }))
    .output(splitLegs)
    .query(({ ctx, input }) => previewSplit(ctx.db, input)),
  // Four eyes (docs/operator-guide.md, "Four eyes"): another operator approves or rejects; the proposer may withdraw.
  decideProposal: operatorProcedure.input(decideRulingProposalInput).output(decideRulingProposalOutput).mutation(({ ctx, input }) => decideRulingProposal(ctx.db, { input, operator: operatorOf(ctx) })),
  // Read only: the threshold changes through operator.controls, approved by a second operator.
  fourEyesThreshold: router({
    get: operatorProcedure.input(z.object({}).strict()).output(fourEyesThresholdOutput).query(({ ctx }) => fourEyesThreshold(ctx.db)),
  }),
});
