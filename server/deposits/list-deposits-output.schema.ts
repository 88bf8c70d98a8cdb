import { z } from 'zod';
import { depositResponse } from './deposit.schema';

export const listDepositsOutput = z.object({
  items: z.array(depositResponse),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});
