import { z } from 'zod';

export const reputationViewOutput = z.object({
  windowDays: z.number(),
  completed: z.number(),
  failed: z.number(),
  completionRate: z.string().nullable(),
  medianReleaseSeconds: z.number().nullable(),
  disputesLost: z.number(),
  volume: z.string(),
  score: z.object({
    value: z.number(),
    completion: z.number(),
    release: z.number(),
    disputes: z.number(),
  }),
  refreshedAt: z.string().nullable(),
  gate: z.object({
    dailyOrders: z.number(),
    maxOrderFiat: z.string(),
    minCompletedOrders: z.number(),
    minDays: z.number(),
    completedTotal: z.number(),
    firstCompletedAt: z.string().nullable(),
  }).nullable(),
});

/** A row of the operator's traders page: the same view, named by trader. */
export const listTraderReputationsItem = reputationViewOutput.extend({
  traderId: z.string(),
  name: z.string(),
});
