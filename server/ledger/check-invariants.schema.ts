import { z } from 'zod';

export const invariantReport = z.object({
  ok: z.boolean(),
  checkedAt: z.string(),
  accounts: z.number(),
  transfers: z.number(),
  totals: z.array(z.object({
    currency: z.string(),
    sum: z.string(),
  })),
  balanceMismatches: z.array(z.object({
    accountId: z.string(),
    balance: z.string(),
    postings: z.string(),
  })),
  unbalancedTransfers: z.array(z.object({
    transferId: z.string(),
    sum: z.string(),
    legs: z.number(),
  })),
  negativeAccounts: z.array(z.object({
    accountId: z.string(),
    balance: z.string(),
  })),
});
