import { z } from 'zod';
import { payinStatuses } from '../../db/schema/order-statuses';

/** One bank notification of the trader's feed, as listNotifications answers it (its own messages only). */
export const notificationFeedItem = z.object({
  id: z.string(),
  bankAccount: z.string(),
  sender: z.string(),
  receivedAt: z.string(),
  text: z.string().nullable(),
  parserId: z.string().nullable(),
  direction: z.enum(['credit', 'debit']).nullable(),
  amount: z.string().nullable(),
  accountLast4: z.string().nullable(),
  occurredAt: z.string().nullable(),
  payerName: z.string().nullable(),
  memo: z.string().nullable(),
  matchStatus: z.enum(['unparsed', 'ignored', 'suggested', 'released', 'confirmed', 'rejected']),
  score: z.number().nullable(),
  scoreParts: z.array(z.object({ signal: z.enum(['amount', 'payerName', 'reference', 'uniqueAmount', 'inWindow', 'last4']), held: z.union([z.enum(['unknown', 'equal', 'differs']), z.boolean()]), points: z.number() })).nullable(),
  order: z.object({ id: z.string(), orderNo: z.string(), status: z.enum(payinStatuses), amount: z.string(), buyerReference: z.string().nullable(), payerName: z.string().nullable(), assetAmount: z.string() }).nullable(),
});
