import { z } from 'zod';
import { messageView, settlementView } from './conversation-view.schema';
import { disputeFlow } from '../orders/order-ref';

export const partyConversationOutput = z.object({
  messages: z.array(messageView),
  settlements: z.array(settlementView),
  reads: z.array(z.object({
    party: z.enum(['trader', 'operator', 'merchant', 'buyer']),
    readAt: z.string(),
  })),
  truncated: z.boolean(),
  flow: disputeFlow,
  orderId: z.string(),
  orderNo: z.string(),
  status: z.string(),
  you: z.enum(['trader', 'operator', 'merchant', 'buyer']),
  canWrite: z.boolean(),
  canPropose: z.boolean(),
  answerable: z.string().nullable(),
});

export const markPartyConversationReadOutput = z.object({
  readAt: z.string(),
});
