import { z } from 'zod';
import { buyerReportKinds } from '../../../common/buyer-report-kind';
import { cancelByBuyer, checkoutView, reportBuyerProblem, submitBuyerPayment } from '../../../server/checkout/checkout';
import { buyerEvidenceRequests } from '../../../server/disputes/party-evidence-requests';
import { checkoutProcedure, router } from '../init';
import { markPaidInput } from './checkout.schema';
import { checkoutConversationRouter } from './checkout-conversation';
import { checkoutViewOutput } from '../../../server/checkout/checkout.schema';
import { buyerEvidenceRequestsOutput } from '../../../server/disputes/party-evidence-requests.schema';

/** The buyer's checkout page (/pay/[token]). */
export const checkoutRouter = router({
  // The disputed pay-in's conversation with the trader (docs/operator-guide.md, "Conversation").
  conversation: checkoutConversationRouter,
  view: checkoutProcedure.output(checkoutViewOutput).query(({ ctx, input }) => checkoutView(ctx.db, input.token)),
  // What an operator asks of the buyer while the pay-in is disputed (docs/operator-guide.md, "Evidence").
  evidenceRequests: checkoutProcedure.output(buyerEvidenceRequestsOutput).query(({ ctx, input }) => buyerEvidenceRequests(ctx.db, input.token)),
  markPaid: checkoutProcedure.input(markPaidInput).output(checkoutViewOutput).mutation(async ({ ctx, input }) => {
    await submitBuyerPayment(ctx.db, { token: input.token, now: new Date(), payerName: input.payerName });
    return checkoutView(ctx.db, input.token);
  }),
  cancel: checkoutProcedure.output(checkoutViewOutput).mutation(async ({ ctx, input }) => {
    await cancelByBuyer(ctx.db, input.token);
    return checkoutView(ctx.db, input.token);
  }),
  reportProblem: checkoutProcedure
    .input(z.object({ kind: z.enum(buyerReportKinds), message: z.string().trim().min(1, { error: 'Tell us what went wrong.' }).max(500) }))
    .output(checkoutViewOutput)
    .mutation(async ({ ctx, input }) => {
      await reportBuyerProblem(ctx.db, { token: input.token, report: { kind: input.kind, message: input.message } });
      return checkoutView(ctx.db, input.token);
    }),
});
