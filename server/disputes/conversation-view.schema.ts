import { z } from 'zod';

export const messageView = z.object({
  id: z.string(),
  party: z.enum(['trader', 'operator', 'merchant', 'buyer']),
  authorName: z.string().nullable(),
  body: z.string().nullable(),
  agreementId: z.string().nullable(),
  files: z.array(z.object({
    id: z.string(),
    position: z.number(),
    contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
    byteSize: z.number(),
    width: z.number().nullable(),
    height: z.number().nullable(),
    sha256: z.string(),
  })),
  readBy: z.array(z.enum(['trader', 'operator', 'merchant', 'buyer'])),
  createdAt: z.string(),
});

export const settlementView = z.object({
  id: z.string(),
  outcome: z.enum(['split', 'release', 'cancel']),
  ruling: z.enum(['split', 'release', 'fail', 'refund', 'complete']),
  splitAmount: z.string().nullable(),
  proposedBy: z.enum(['trader', 'operator', 'merchant', 'buyer']),
  status: z.enum(['withdrawn', 'open', 'accepted', 'declined']),
  decidedBy: z.enum(['trader', 'operator', 'merchant', 'buyer']).nullable(),
  decidedAt: z.string().nullable(),
  rulingProposalId: z.string().nullable(),
  createdAt: z.string(),
});
