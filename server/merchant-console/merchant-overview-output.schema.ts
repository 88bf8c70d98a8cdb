import { z } from 'zod';
import { flowSummary } from './merchant-overview-view.schema';

export const merchantOverviewOutput = z.object({
  payouts: flowSummary,
  payins: flowSummary,
  asOf: z.string(),
});
