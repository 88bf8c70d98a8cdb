import { z } from 'zod';
import { displayedName } from '../../../server/validation/displayed-name';

// Not strict: tRPC hands this parser the whole input, the checkout token included.
/** "I Have Paid": optionally the name on the buyer's bank account (one line), when the merchant asks for it. */
export const markPaidInput = z
  .object({
    payerName: displayedName(
      z
        .string()
        .trim()
        .max(64)
        .regex(/^[^\r\n\t]*$/, { error: 'must be one line' }),
    )
      .optional()
      .transform((value) => (value ? value : undefined)),
  });
