import { z } from 'zod';

export const notificationStatsRow = z.object({
  traderId: z.string(),
  traderName: z.string(),
  parserId: z.string(),
  credits: z.number(),
  autoReleased: z.number(),
  suggestionsConfirmed: z.number(),
  suggestionsRejected: z.number(),
  unmatchedCredits: z.number(),
  unparsed: z.number(),
  disputedAfterRelease: z.number(),
});
