import { z } from 'zod';
import { disputeFlow } from '../orders/order-ref';
import { blocklistKinds, velocityKeys } from './risk-rule.schema';

export const backTestRiskRuleOutput = z.object({
  rule: z.object({
    id: z.string(),
    reference: z.string(),
    merchantId: z.string().nullable(),
    name: z.string(),
    flows: z.array(disputeFlow),
    condition: z.union([z.object({
      kind: z.literal('velocity'),
      per: z.enum(velocityKeys),
      windowMinutes: z.number(),
      maxCount: z.number().optional(),
      maxAmount: z.string().optional(),
    }), z.object({
      kind: z.literal('amount_outlier'),
      lastOrders: z.number(),
      percentile: z.number().optional(),
      timesMedian: z.string().optional(),
    }), z.object({
      kind: z.literal('payer_name_mismatch'),
    }), z.object({
      kind: z.literal('blocklist'),
      list: z.enum(blocklistKinds),
      size: z.number(),
    })]),
    action: z.enum(['allow', 'review', 'block']),
    enabled: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  lastOrders: z.number(),
  action: z.enum(['allow', 'review', 'block']),
  flows: z.array(z.object({
    evaluated: z.number(),
    matched: z.number(),
    flow: disputeFlow,
  })),
});
