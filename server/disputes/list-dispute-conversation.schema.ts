import { z } from 'zod';
import { messageView, settlementView } from './conversation-view.schema';

export const disputeConversation = z.object({
  messages: z.array(messageView),
  settlements: z.array(settlementView),
  reads: z.array(z.object({
    party: z.enum(['trader', 'operator', 'merchant', 'buyer']),
    readAt: z.string(),
  })),
  truncated: z.boolean(),
});
