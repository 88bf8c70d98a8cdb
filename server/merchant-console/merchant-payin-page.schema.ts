import { z } from 'zod';
import { payinDetailResponse } from '../payins/payin-view.schema';
import { payinActions } from '../payins/payin-machine';
import { merchantTimelineEntry } from './merchant-order-timeline.schema';

export const merchantPayinPageOutput = z.object({
  payin: payinDetailResponse,
  actions: z.array(z.enum(payinActions)),
  ruling: z.union([z.object({
    reasonCode: z.string().nullable(),
    note: z.string(),
    outcome: z.literal('failed'),
    merchantAmount: z.string(),
    traderAmount: z.string(),
    feeAmount: z.string(),
  }), z.object({
    reasonCode: z.string().nullable(),
    note: z.string(),
    outcome: z.literal('split'),
    merchantAmount: z.string(),
    traderAmount: z.string(),
    feeAmount: z.string(),
  }), z.object({
    reasonCode: z.string().nullable(),
    note: z.string(),
    outcome: z.literal('completed'),
    merchantAmount: z.string(),
    traderAmount: z.string(),
    feeAmount: z.string(),
  })]).nullable(),
  timeline: z.array(merchantTimelineEntry),
});
