import { z } from 'zod';
import { disputeFlow } from '../orders/order-ref';
import { proofDuplicate } from './find-duplicate-proofs.schema';
import { timelineEntry } from '../orders/timeline.schema';
import { disputeConversation } from './list-dispute-conversation.schema';

const caseProof = z.object({
  id: z.string(),
  position: z.number(),
  contentType: z.string(),
  byteSize: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  sha256: z.string(),
  uploadedAt: z.string(),
  duplicates: z.array(proofDuplicate),
});

const caseEvidence = z.object({
  files: z.array(z.object({
    id: z.string(),
    position: z.number(),
    contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
    byteSize: z.number(),
    width: z.number().nullable(),
    height: z.number().nullable(),
    sha256: z.string(),
    createdAt: z.string(),
    duplicates: z.array(proofDuplicate),
  })),
  id: z.string(),
  createdAt: z.string(),
  party: z.enum(['trader', 'operator', 'merchant', 'buyer']),
  statement: z.string().nullable(),
  authorName: z.string().nullable(),
  internal: z.boolean(),
  requestId: z.string().nullable(),
});

export const disputeCase = z.object({
  flow: disputeFlow,
  orderId: z.string(),
  orderNo: z.string(),
  merchantOrderNo: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  disputeReason: z.string().nullable(),
  disputedAt: z.string().nullable(),
  resolutionNote: z.string().nullable(),
  claimedBy: z.object({
    id: z.string(),
    name: z.string(),
  }).nullable(),
  amounts: z.array(z.object({
    label: z.string(),
    value: z.string(),
  })),
  parties: z.object({
    merchant: z.object({
      id: z.string(),
      name: z.string(),
    }),
    trader: z.object({
      id: z.string(),
      name: z.string(),
    }).nullable(),
    bankAccount: z.object({
      holderName: z.string(),
      bankName: z.string(),
      last4: z.string(),
    }).nullable(),
  }),
  reasons: z.array(z.object({
    at: z.string(),
    actorType: z.string(),
    actorName: z.string().nullable(),
    text: z.string(),
  })),
  proofs: z.array(caseProof),
  evidence: z.array(caseEvidence),
  timeline: z.array(timelineEntry),
  conversation: disputeConversation,
  rulings: z.array(z.object({
    ruling: z.string(),
    label: z.string(),
    effect: z.string(),
  })),
});
