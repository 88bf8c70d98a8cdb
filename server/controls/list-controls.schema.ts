import { z } from 'zod';
import { controlKeys } from './control-registry';
import { controlChangeView } from './control-change-view.schema';

export const listControlsOutput = z.object({
  controls: z.array(z.object({
    control: z.enum(controlKeys),
    value: z.string(),
    setAt: z.string().nullable(),
  })),
  pending: z.array(controlChangeView),
  recent: z.array(controlChangeView),
});
