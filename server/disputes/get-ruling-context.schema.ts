import { z } from 'zod';
import { disputeFlow } from '../orders/order-ref';
import { rulingReasonCode } from '../rulings/ruling-reasons';
import { splitLegs } from '../rulings/split-ruling.schema';

const rulingProposalView = z.object({
  id: z.string(),
  ruling: z.string(),
  reasonCode: z.string(),
  splitAmount: z.string().nullable(),
  legs: splitLegs.nullable(),
  note: z.string(),
  fourEyesThreshold: z.string(),
  proposedBy: z.object({
    id: z.string(),
    name: z.string(),
  }),
  createdAt: z.string(),
});

export const getRulingContextOutput = z.object({
  lastDecision: z.object({
    status: z.enum(['pending', 'rejected', 'withdrawn']),
    decidedBy: z.string(),
    decidedAt: z.string().nullable(),
    reason: z.string().nullable(),
  }).nullable(),
  flow: disputeFlow,
  orderId: z.string(),
  orderNo: z.string(),
  splitBase: z.string(),
  splitDecimals: z.union([z.literal(2), z.literal(6)]),
  total: z.string(),
  fourEyesThreshold: z.string(),
  needsFourEyes: z.boolean(),
  reasons: z.array(z.object({
    code: rulingReasonCode,
    label: z.string(),
  })),
  proposal: rulingProposalView.nullable(),
});
