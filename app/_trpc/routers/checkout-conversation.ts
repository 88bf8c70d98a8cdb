import { conversationImage } from '../../../server/disputes/conversation-image';
import { checkoutConversationForms, imageBytes } from '../../../server/disputes/conversation.schema';
import { markPartyConversationRead, partyConversation } from '../../../server/disputes/party-conversation';
import { postDisputeMessage } from '../../../server/disputes/post-dispute-message';
import { answerSettlement, proposeSettlement } from '../../../server/disputes/settle-dispute';
import { clientAddressOf } from '../../../server/http/client-address';
import { checkoutProcedure, router } from '../init';
import { markPartyConversationReadOutput, partyConversationOutput } from '../../../server/disputes/party-conversation.schema';
import { postDisputeMessageOutput } from '../../../server/disputes/post-dispute-message.schema';
import { answerSettlementOutput, proposeSettlementOutput } from '../../../server/disputes/settle-dispute.schema';
import { conversationImageOutput } from '../../../server/disputes/conversation-image.schema';

const as = (input: { token: string }) => ({ party: 'buyer', token: input.token }) as const;

/** The buyer's side of its disputed pay-in's conversation (/pay/[token]): the link is the buyer's only credential. */
export const checkoutConversationRouter = router({
  get: checkoutProcedure.output(partyConversationOutput).query(({ ctx, input }) => partyConversation(ctx.db, { actor: as(input), ref: null })),
  markRead: checkoutProcedure.output(markPartyConversationReadOutput).mutation(({ ctx, input }) => markPartyConversationRead(ctx.db, { actor: as(input), ref: null })),
  post: checkoutProcedure
    .input(checkoutConversationForms.message)
    .output(postDisputeMessageOutput)
    .mutation(({ ctx, input }) => postDisputeMessage(ctx.db, { actor: as(input), ref: null, body: input.body, files: imageBytes(input.images), ip: clientAddressOf(ctx.headers) })),
  propose: checkoutProcedure
    .input(checkoutConversationForms.propose)
    .output(proposeSettlementOutput)
    .mutation(({ ctx, input }) => proposeSettlement(ctx.db, { actor: as(input), ref: null, outcome: input.outcome, splitAmount: input.splitAmount, options: { ip: clientAddressOf(ctx.headers) } })),
  answer: checkoutProcedure
    .input(checkoutConversationForms.answer)
    .output(answerSettlementOutput)
    .mutation(({ ctx, input }) => answerSettlement(ctx.db, { actor: as(input), ref: null, agreementId: input.agreementId, answer: input.answer, options: { ip: clientAddressOf(ctx.headers) } })),
  image: checkoutProcedure.input(checkoutConversationForms.image).output(conversationImageOutput).query(({ ctx, input }) => conversationImage(ctx.db, { actor: as(input), ref: null, fileId: input.fileId })),
});
