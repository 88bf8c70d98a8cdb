import { z } from 'zod';

export const postDisputeMessageOutput = z.object({
  id: z.string(),
  party: z.enum(['trader', 'operator', 'merchant', 'buyer']),
  body: z.string().nullable(),
  createdAt: z.string(),
  files: z.array(z.object({
    id: z.string(),
    position: z.number(),
    contentType: z.string(),
    byteSize: z.number(),
    width: z.number().nullable(),
    height: z.number().nullable(),
    sha256: z.string(),
  })),
});
