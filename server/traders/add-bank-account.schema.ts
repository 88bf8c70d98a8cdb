import { z } from 'zod';

export const addBankAccountOutput = z.object({
  id: z.string(),
  accountLast4: z.string(),
});
