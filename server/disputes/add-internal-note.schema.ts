import { z } from 'zod';

export const addInternalNoteOutput = z.object({
  id: z.string(),
  createdAt: z.string(),
});
