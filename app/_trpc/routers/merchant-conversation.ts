import { conversationImage } from '../../../server/disputes/conversation-image';
import { conversationForms, conversationRefInput, imageBytes } from '../../../server/disputes/conversation.schema';
import { markPartyConversationRead, partyConversation } from '../../../server/disputes/party-conversation';
import { postDisputeMessage } from '../../../server/disputes/post-dispute-message';
import { answerSettlement, proposeSettlement } from '../../../server/disputes/settle-dispute';
import { clientAddressOf } from '../../../server/http/client-address';
import { merchantProcedure, router } from '../init';
import { markPartyConversationReadOutput, partyConversationOutput } from '../../../server/disputes/party-conversation.schema';
import { conversationImageOutput } from '../../../server/disputes/conversation-image.schema';
import { postDisputeMessageOutput } from '../../../server/disputes/post-dispute-message.schema';
import { answerSettlementOutput, proposeSettlementOutput } from '../../../server/disputes/settle-dispute.schema';

const as = (ctx: { merchantId: string }) => ({ party: 'merchant', merchantId: ctx.merchantId }) as const;
const refOf = (input: { flow: 'payout' | 'payin'; orderId: string }) => ({ flow: input.flow, orderId: input.orderId });

/**
 * The conversation of the merchant's disputed orders (docs/merchant-guide.md, "Conversation"): reading
 * needs orders.read; speaking and settling need orders.decide, as disputing and evidence do.
 */
export const merchantConversationRouter = router({
  get: merchantProcedure('orders.read')
    .input(conversationRefInput)
    .output(partyConversationOutput)
    .query(({ ctx, input }) => partyConversation(ctx.db, { actor: as(ctx), ref: refOf(input) })),
  markRead: merchantProcedure('orders.read')
    .input(conversationRefInput)
    .output(markPartyConversationReadOutput)
    .mutation(({ ctx, input }) => markPartyConversationRead(ctx.db, { actor: as(ctx), ref: refOf(input) })),
  image: merchantProcedure('orders.read')
    .input(conversationForms.image)
    .output(conversationImageOutput)
    .query(({ ctx, input }) => conversationImage(ctx.db, { actor: as(ctx), ref: refOf(input), fileId: input.fileId })),
  post: merchantProcedure('orders.decide')
    .input(conversationForms.message)
    .output(postDisputeMessageOutput)
    .mutation(({ ctx, input }) => postDisputeMessage(ctx.db, { actor: as(ctx), ref: refOf(input), body: input.body, files: imageBytes(input.images), ip: clientAddressOf(ctx.headers) })),
  propose: merchantProcedure('orders.decide')
    .input(conversationForms.propose)
    .output(proposeSettlementOutput)
    .mutation(({ ctx, input }) => proposeSettlement(ctx.db, { actor: as(ctx), ref: refOf(input), outcome: input.outcome, splitAmount: input.splitAmount, options: { ip: clientAddressOf(ctx.headers) } })),
  answer: merchantProcedure('orders.decide')
    .input(conversationForms.answer)
    .output(answerSettlementOutput)
    .mutation(({ ctx, input }) => answerSettlement(ctx.db, { actor: as(ctx), ref: refOf(input), agreementId: input.agreementId, answer: input.answer, options: { ip: clientAddressOf(ctx.headers) } })),
});
