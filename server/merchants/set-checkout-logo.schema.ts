import { z } from 'zod';

export const setCheckoutLogoOutput = z.object({
  hasLogo: z.boolean(),
});
