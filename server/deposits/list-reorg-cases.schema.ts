import { z } from 'zod';

export const listOpenReorgCasesItem = z.object({
  blockNumber: z.string(),
  id: z.string(),
  depositId: z.string(),
  chainKey: z.string(),
  txHash: z.string(),
  creditedBlockHash: z.string(),
  currentBlockHash: z.string().nullable(),
  ownerType: z.enum(['trader', 'merchant']).nullable(),
  ownerId: z.string().nullable(),
  amount: z.string(),
  openedAt: z.date(),
  resolvedAt: z.date().nullable(),
  resolution: z.string().nullable(),
});
