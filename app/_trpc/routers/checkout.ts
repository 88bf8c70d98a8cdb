import { z } from 'zod';
import { buyerReportKinds } from '../../../common/buyer-report-kind';
import { cancelByBuyer, checkoutView, reportBuyerProblem, submitBuyerPayment } from '../../../server/checkout/checkout';
import { buyerEvidenceRequests } from '../../../server/disputes/party-evidence-requests';
import { checkoutProcedure, router } from '../init';
import { markPaidInput } from './checkout.schema';
import { checkoutConversationRouter } from './checkout-conversation';

/** The buyer's checkout page (/pay/[token]). */
export const checkoutRouter = router({
  // The disputed pay-in's conversation with the trader (docs/operator-guide.md, "Conversation").
  conversation: checkoutConversationRouter,
  view: checkoutProcedure.query(({ ctx, input }) => checkoutView(ctx.db, input.token)),
  // What an operator asks of the buyer while the pay-in is disputed (docs/operator-guide.md, "Evidence").
  evidenceRequests: checkoutProcedure.query(({ ctx, input }) => buyerEvidenceRequests(ctx.db, input.token)),
  markPaid: checkoutProcedure.input(markPaidInput).mutation(async ({ ctx, input }) => {
    await submitBuyerPayment(ctx.db, { token: input.token, now: new Date(), payerName: input.payerName });
    return checkoutView(ctx.db, input.token);
  }),
  cancel: checkoutProcedure.mutation(async ({ ctx, input }) => {
    await cancelByBuyer(ctx.db, input.token);
    return checkoutView(ctx.db, input.token);
  }),
  reportProblem: checkoutProcedure
    .input(z.object({ kind: z.enum(buyerReportKinds), message: z.string().trim().min(1, { error: 'Tell us what went wrong.' }).max(500) }))
    .mutation(async ({ ctx, input }) => {
      await reportBuyerProblem(ctx.db, { token: input.token, report: { kind: input.kind, message: input.message } });
      return checkoutView(ctx.db, input.token);
    }),
});
