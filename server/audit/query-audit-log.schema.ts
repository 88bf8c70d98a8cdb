import { z } from 'zod';

export const queryAuditLogOutput = z.object({
  items: z.array(z.object({
    id: z.number(),
    at: z.string(),
    actorType: z.enum(['trader', 'operator', 'merchant', 'system', 'cli']),
    actorId: z.string().nullable(),
    actorName: z.string().nullable(),
    action: z.string(),
    actionLabel: z.string(),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    targetName: z.string().nullable(),
    // Opaque: each action writes its own details; the console shows them as JSON.
    details: z.record(z.string(), z.unknown()).nullable(),
    ip: z.string().nullable(),
  })),
  page: z.number(),
  pageSize: z.number(),
  hasMore: z.boolean(),
});
