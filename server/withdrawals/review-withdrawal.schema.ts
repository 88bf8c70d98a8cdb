import { z } from 'zod';
import { withdrawalResponse } from './withdrawal.schema';

export const reviewWithdrawalOutput = z.union([z.object({
  status: z.literal('proposed'),
  proposalId: z.string(),
  withdrawal: withdrawalResponse,
}), z.object({
  status: z.literal('decided'),
  proposalId: z.null(),
  withdrawal: withdrawalResponse,
})]);

export const decideWithdrawalProposalOutput = z.object({
  proposalId: z.string(),
  status: z.string(),
  withdrawal: withdrawalResponse,
});
