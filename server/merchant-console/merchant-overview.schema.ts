import { z } from 'zod';

export const merchantOverviewInput = z.object({}).strict();

/** One UTC day of one flow: what was created that day and what became of it. Amounts in USDT, 2 decimals. */
export interface OverviewDay {
  /** YYYY-MM-DD, UTC. */
  day: string;
  orders: number;
  completed: number;
  /** usdAmount of the day’s orders that completed. */
  volume: string;
}

interface PeriodFigures {
  orders: number;
  completed: number;
  volume: string;
}

export interface FlowSummary {
  today: PeriodFigures;
  last30Days: PeriodFigures;
  /** Completed among the finished (completed, cancelled, failed) orders of the 30 days; null when none finished. */
  successRate: string | null;
  /** Seconds from creation to completion, the median over the 30 days' completed orders; null when none. */
  medianCompletionSeconds: number | null;
  openDisputes: number;
  days: OverviewDay[];
}
