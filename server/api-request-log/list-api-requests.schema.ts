import { z } from 'zod';

export const listApiRequestsOutput = z.object({
  items: z.array(z.object({
    id: z.number(),
    at: z.string(),
    method: z.string(),
    route: z.string(),
    status: z.number(),
    latencyMs: z.number(),
    requestId: z.string(),
    keyId: z.string().nullable(),
    keyLabel: z.string().nullable(),
  })),
  page: z.number(),
  pageSize: z.number(),
  hasMore: z.boolean(),
});
