import { z } from 'zod';
import { disputeFlow } from '../orders/order-ref';

export const merchantAuditLogOutput = z.object({
  items: z.array(z.object({
    id: z.number(),
    at: z.string(),
    action: z.string(),
    actor: z.union([z.object({
      kind: z.literal('user'),
      name: z.string(),
      email: z.string(),
    }), z.object({
      kind: z.literal('api'),
    }), z.object({
      kind: z.literal('operator'),
    }), z.object({
      kind: z.literal('system'),
    })]),
    target: z.union([z.object({
      kind: z.literal('order'),
      flow: disputeFlow,
      orderNo: z.string(),
    }), z.object({
      kind: z.literal('user'),
      name: z.string(),
      email: z.string(),
    }), z.object({
      kind: z.literal('merchant'),
    })]),
    // Opaque: each action writes its own details; the page shows them as JSON.
    details: z.record(z.string(), z.unknown()).nullable(),
  })),
  page: z.number(),
  pageSize: z.number(),
  hasMore: z.boolean(),
});
