import { z } from 'zod';

const periodFigures = z.object({
  orders: z.number(),
  completed: z.number(),
  volume: z.string(),
});

const overviewDay = z.object({
  day: z.string(),
  orders: z.number(),
  completed: z.number(),
  volume: z.string(),
});

export const flowSummary = z.object({
  today: periodFigures,
  last30Days: periodFigures,
  successRate: z.string().nullable(),
  medianCompletionSeconds: z.number().nullable(),
  openDisputes: z.number(),
  days: z.array(overviewDay),
});
