import { z } from 'zod';

export const proposeSettlementOutput = z.object({
  agreementId: z.string(),
  status: z.literal('open'),
});

export const answerSettlementOutput = z.union([z.object({
  agreementId: z.string(),
  status: z.string(),
  outcome: z.null(),
  orderStatus: z.string(),
  proposalId: z.undefined().optional(),
}), z.object({
  agreementId: z.string(),
  status: z.string(),
  outcome: z.literal('proposed'),
  orderStatus: z.string(),
  proposalId: z.string(),
}), z.object({
  agreementId: z.string(),
  status: z.string(),
  outcome: z.literal('ruled'),
  orderStatus: z.string(),
  proposalId: z.undefined().optional(),
})]);
