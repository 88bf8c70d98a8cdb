import { z } from 'zod';
import { disputeFlow } from '../orders/order-ref';
import { riskRuleViewItem } from './risk-rule-view.schema';

export const backTestRiskRuleOutput = z.object({
  rule: riskRuleViewItem,
  lastOrders: z.number(),
  action: z.enum(['allow', 'review', 'block']),
  flows: z.array(z.object({
    evaluated: z.number(),
    matched: z.number(),
    flow: disputeFlow,
  })),
});
