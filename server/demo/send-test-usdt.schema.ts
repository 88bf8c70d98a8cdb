import { z } from 'zod';

export const sendTestUsdtOutput = z.object({
  txHash: z.string(),
  amount: z.string(),
});
