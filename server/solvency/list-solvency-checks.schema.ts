import { z } from 'zod';

export const latestSolvencyChecksItem = z.object({
  id: z.string(),
  status: z.enum(['error', 'ok', 'shortfall']),
  runAt: z.date(),
  holdings: z.array(z.object({
    chain: z.string(),
    depositAddresses: z.string().optional(),
    hotWallet: z.string().optional(),
    total: z.string().optional(),
    addresses: z.number().optional(),
    error: z.string().optional(),
  })),
  holdingsTotal: z.string().nullable(),
  owedTotal: z.string(),
  surplus: z.string().nullable(),
  errorChain: z.string().nullable(),
});
