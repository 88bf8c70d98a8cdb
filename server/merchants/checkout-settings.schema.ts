import { z } from 'zod';
import { displayedName } from '../validation/displayed-name';

/** Shown to buyers as the payee of the checkout; empty means "use the merchant's name". */
const checkoutDisplayName = displayedName(z.string().trim().max(60, { error: 'must be at most 60 characters' }))
  .transform((value) => (value === '' ? null : value))
  .nullable();

/** `#rrggbb`, stored lower case (the column's check); empty means Corridor's default blue. */
const checkoutAccentColor = z
  .string()
  .trim()
  .transform((value) => value.toLowerCase())
  .refine((value) => value === '' || /^#[0-9a-f]{6}$/.test(value), { error: 'must be a colour like #1849c6' })
  .transform((value) => (value === '' ? null : value))
  .nullable();

/** The merchant's checkout (docs/merchant-guide.md, "Checkout settings"): set by an owner or an operator. */
export const checkoutSettingsInput = z
  .object({
    checkoutDisplayName,
    checkoutAccentColor,
    askPayerName: z.boolean(),
  })
  .partial()
  .strict();

export type CheckoutSettingsInput = z.input<typeof checkoutSettingsInput>;
