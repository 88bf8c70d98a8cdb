import { z } from 'zod';

export const listStuckWithdrawalsOutput = z.object({
  stuckAfterMinutes: z.number(),
  items: z.array(z.object({
    ownerType: z.enum(['trader', 'merchant']),
    ownerId: z.string(),
    inStepSince: z.string(),
    id: z.string(),
    chain: z.string(),
    addressId: z.string(),
    toAddress: z.string(),
    amount: z.string(),
    fee: z.string(),
    state: z.enum(['FAILED', 'SIGNED', 'BROADCAST', 'CONFIRMED', 'REQUESTED', 'APPROVED', 'REJECTED']),
    needsReview: z.enum(['above_threshold', 'new_address', 'unusual_amount']).nullable(),
    reason: z.string().nullable(),
    txHash: z.string().nullable(),
    requestedAt: z.string(),
    confirmedAt: z.string().nullable(),
  })),
});
