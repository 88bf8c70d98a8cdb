import { z } from 'zod';
import { controlKeys } from './control-registry';

export const decideControlChangeOutput = z.object({
  changeId: z.string(),
  control: z.enum(controlKeys),
  status: z.enum(['rejected', 'approved', 'withdrawn']),
  value: z.string(),
});
