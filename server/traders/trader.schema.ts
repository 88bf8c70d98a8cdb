import { z } from 'zod';
import { fiat2 } from '../money/amount-strings';
import { password } from '../auth/password-input';
import { displayName, email } from '../users/user.schema';
import { displayedName } from '../validation/displayed-name';

export const createTraderInput = z.object({ name: displayName, email, password }).strict();

/** A 4-decimal CNY-per-USDT price, e.g. "7.1850". */
export const price4 = z
  .string()
  .regex(/^(0|[1-9]\d{0,5})\.\d{4}$/, { error: 'must be a price with exactly 4 decimals, e.g. 7.1850' })
  .refine((value) => !/^[0.]*$/.test(value), { error: 'must be positive' });

export const quoteInput = z
  .object({
    side: z.enum(['BUY', 'SELL']),
    price: price4,
    minFiat: fiat2,
    maxFiat: fiat2,
  })
  .strict();

export const bankAccountInput = z
  .object({
    holderName: displayedName(z.string().trim().min(1).max(64)),
    bankName: displayedName(z.string().trim().min(1).max(100)),
    accountNumber: z.string().regex(/^\d{8,32}$/, { error: 'must be 8 to 32 digits' }),
  })
  .strict();
