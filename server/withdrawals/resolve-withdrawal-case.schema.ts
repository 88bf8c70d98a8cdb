import { z } from 'zod';

export const resolveWithdrawalCaseOutput = z.object({
  withdrawalId: z.string(),
  resolvedAt: z.string(),
});
