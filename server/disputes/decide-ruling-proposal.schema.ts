import { z } from 'zod';

export const decideRulingProposalOutput = z.union([z.object({
  proposalId: z.string(),
  status: z.string(),
  orderStatus: z.string(),
  eventId: z.undefined().optional(),
}), z.object({
  proposalId: z.string(),
  status: z.string(),
  orderStatus: z.string(),
  eventId: z.string().nullable(),
})]);
