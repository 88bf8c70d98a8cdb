import { z } from 'zod';
import { alertKindSchema } from './alert-kinds';

export const getAlertSettingsOutput = z.object({
  telegramLinkedAt: z.string().nullable(),
  mutedKinds: z.array(alertKindSchema),
  language: z.enum(['en', 'zh']),
  quietHours: z.object({
    fromMinute: z.number(),
    toMinute: z.number(),
  }).nullable(),
  timeZone: z.string(),
});
