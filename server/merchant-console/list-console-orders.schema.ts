import { z } from 'zod';
import { payoutDetailResponse } from '../payouts/payout-view.schema';
import { payinListItem } from '../payins/payin-view.schema';

export const listConsoleOrdersOutput = z.union([z.object({
  items: z.array(payoutDetailResponse),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  flow: z.literal('payouts'),
}), z.object({
  items: z.array(payinListItem),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  flow: z.literal('payins'),
})]);
