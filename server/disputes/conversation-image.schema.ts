import { z } from 'zod';

export const conversationImageOutput = z.object({
  contentType: z.string(),
  base64: z.string(),
});
