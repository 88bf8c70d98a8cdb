import { z } from 'zod';
import { depositStates } from './deposit.schema';

export const listOperatorDepositsOutput = z.object({
  items: z.array(z.object({
    ownerType: z.enum(['trader', 'merchant']).nullable(),
    ownerId: z.string().nullable(),
    ownerName: z.string().nullable(),
    reorged: z.boolean(),
    id: z.string(),
    chain: z.string(),
    txHash: z.string(),
    logIndex: z.number(),
    address: z.string(),
    token: z.string(),
    baseAmount: z.string(),
    amount: z.string(),
    remainder: z.string(),
    blockNumber: z.string(),
    blockHash: z.string(),
    state: z.enum(depositStates),
    heldReason: z.string().nullable(),
    confirmations: z.number(),
    detectedAt: z.string(),
    creditedAt: z.string().nullable(),
  })),
  hasMore: z.boolean(),
});
