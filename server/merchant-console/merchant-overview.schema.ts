import { z } from 'zod';

export const merchantOverviewInput = z.object({}).strict();

/** One UTC day of one flow: what was created that day and what became of it. Amounts in USDT, 2 decimals. */
export const overviewDay = z.object({
  day: z.string().describe('YYYY-MM-DD, UTC'),
  orders: z.number().int(),
  completed: z.number().int(),
  volume: z.string().describe('usdAmount of the day’s orders that completed'),
});
export type OverviewDay = z.infer<typeof overviewDay>;

export const flowSummary = z.object({
  today: z.object({ orders: z.number().int(), completed: z.number().int(), volume: z.string() }),
  last30Days: z.object({ orders: z.number().int(), completed: z.number().int(), volume: z.string() }),
  /** Completed among the finished (completed, cancelled, failed) orders of the 30 days; null when none finished. */
  successRate: z.string().nullable(),
  /** Seconds from creation to completion, the median over the 30 days' completed orders; null when none. */
  medianCompletionSeconds: z.number().nullable(),
  openDisputes: z.number().int(),
  days: z.array(overviewDay),
});
export type FlowSummary = z.infer<typeof flowSummary>;
