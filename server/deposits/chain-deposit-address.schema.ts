import { z } from 'zod';

export const chainDepositAddressOutput = z.object({
  chain: z.string(),
  family: z.enum(['evm', 'tron']),
  address: z.string(),
  token: z.object({
    symbol: z.literal('USDT'),
    contract: z.string(),
    decimals: z.number(),
  }),
  confirmations: z.number(),
  minimumDeposit: z.string(),
});
