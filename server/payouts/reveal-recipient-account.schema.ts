import { z } from 'zod';

export const revealedRecipientAccount = z.object({
  orderId: z.string(),
  holderName: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  accountLast4: z.string(),
});
