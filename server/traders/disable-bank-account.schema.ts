import { z } from 'zod';

export const disableBankAccountOutput = z.object({
  id: z.string(),
  active: z.boolean(),
});
