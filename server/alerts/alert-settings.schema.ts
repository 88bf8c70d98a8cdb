import { z } from 'zod';
import { alertKindSchema } from './alert-kinds';

const minuteOfDay = z.number().int().min(0).max(1439);

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A person's alert settings as their page sends them (docs/alerts.md, "Settings"). */
export const alertSettingsInput = z
  .object({
    mutedKinds: z.array(alertKindSchema).max(20).transform((kinds) => [...new Set(kinds)]),
    language: z.enum(['en', 'zh']),
    // Both set (a window, which may wrap midnight) or both null (none).
    quietHours: z.object({ fromMinute: minuteOfDay, toMinute: minuteOfDay }).strict().nullable(),
    timeZone: z.string().min(1).max(64).refine(isTimeZone, { error: 'Not a time zone (an IANA name such as Asia/Shanghai).' }),
  })
  .strict();
