import { z } from 'zod';

export const checkoutSettingsView = z.object({
  checkoutDisplayName: z.string().nullable(),
  checkoutAccentColor: z.string().nullable(),
  askPayerName: z.boolean(),
  merchantName: z.string(),
});
