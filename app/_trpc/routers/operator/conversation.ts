import { conversationImage } from '../../../../server/disputes/conversation-image';
import { conversationForms, conversationRefInput, imageBytes } from '../../../../server/disputes/conversation.schema';
import { markPartyConversationRead, partyConversation } from '../../../../server/disputes/party-conversation';
import { postDisputeMessage } from '../../../../server/disputes/post-dispute-message';
import { clientAddressOf } from '../../../../server/http/client-address';
import { router, operatorProcedure } from '../../init';
import { markPartyConversationReadOutput, partyConversationOutput } from '../../../../server/disputes/party-conversation.schema';
import { postDisputeMessageOutput } from '../../../../server/disputes/post-dispute-message.schema';
import { conversationImageOutput } from '../../../../server/disputes/conversation-image.schema';

const as = (ctx: { operatorId: string }) => ({ party: 'operator', operatorId: ctx.operatorId }) as const;
const refOf = (input: { flow: 'payout' | 'payin'; orderId: string }) => ({ flow: input.flow, orderId: input.orderId });

/** An operator joins a dispute's conversation (docs/operator-guide.md, "Conversation"); the case shows it whole. Operators rule rather than settle. */
export const operatorConversationRouter = router({
  get: operatorProcedure.input(conversationRefInput).output(partyConversationOutput).query(({ ctx, input }) => partyConversation(ctx.db, { actor: as(ctx), ref: refOf(input) })),
  markRead: operatorProcedure.input(conversationRefInput).output(markPartyConversationReadOutput).mutation(({ ctx, input }) => markPartyConversationRead(ctx.db, { actor: as(ctx), ref: refOf(input) })),
  post: operatorProcedure
    .input(conversationForms.message)
    .output(postDisputeMessageOutput)
    .mutation(({ ctx, input }) => postDisputeMessage(ctx.db, { actor: as(ctx), ref: refOf(input), body: input.body, files: imageBytes(input.images), ip: clientAddressOf(ctx.headers) })),
  image: operatorProcedure.input(conversationForms.image).output(conversationImageOutput).query(({ ctx, input }) => conversationImage(ctx.db, { actor: as(ctx), ref: refOf(input), fileId: input.fileId })),
});
