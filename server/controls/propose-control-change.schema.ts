import { z } from 'zod';
import { controlKeys } from './control-registry';

export const proposeControlChangeOutput = z.object({
  changeId: z.string(),
  control: z.enum(controlKeys),
  status: z.literal('pending'),
  from: z.string(),
  to: z.string(),
});
