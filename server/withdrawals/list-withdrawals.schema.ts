import { z } from 'zod';
import { withdrawalResponse } from './withdrawal.schema';

export const listWithdrawalsOutput = z.object({
  items: z.array(withdrawalResponse),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});

export const listWithdrawalsForReviewOutput = z.object({
  pending: z.array(z.object({
    proposal: z.object({
      id: z.string(),
      decision: z.enum(['approve', 'reject']).nullable(),
      proposedBy: z.string().nullable(),
    }).nullable(),
    ownerType: z.enum(['trader', 'merchant']),
    ownerId: z.string(),
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
  openCases: z.array(z.object({
    ownerType: z.enum(['trader', 'merchant']),
    ownerId: z.string(),
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
