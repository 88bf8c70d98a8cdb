import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { alertSettings, telegramLinks } from '../../db/schema';
import { isoMsOrNull } from '../money/format';
import { parseInput } from '../validation/parse-input';
import { alertSettingsInput } from './alert-settings.schema';

/** What the person's Alerts section shows: whether Telegram is linked and their settings (defaults when none saved). */
export async function getAlertSettings(db: Db, userId: string) {
  const [link] = await db.select({ linkedAt: telegramLinks.linkedAt }).from(telegramLinks).where(eq(telegramLinks.userId, userId));
  const [row] = await db.select().from(alertSettings).where(eq(alertSettings.userId, userId));
  return {
    telegramLinkedAt: isoMsOrNull(link?.linkedAt ?? null),
    mutedKinds: row?.mutedKinds ?? [],
    language: row?.language ?? 'en',
    quietHours: row && row.quietFromMinute !== null && row.quietToMinute !== null ? { fromMinute: row.quietFromMinute, toMinute: row.quietToMinute } : null,
    timeZone: row?.timeZone ?? 'Asia/Shanghai',
  };
}

/** Saves the person's settings; they apply to alerts already waiting too (deliver-alerts.ts reads them at send time). */
export async function updateAlertSettings(db: Db, userId: string, rawInput: z.input<typeof alertSettingsInput>) {
  const input = parseInput(alertSettingsInput, rawInput);
  const values = {
    mutedKinds: input.mutedKinds,
    language: input.language,
    quietFromMinute: input.quietHours?.fromMinute ?? null,
    quietToMinute: input.quietHours?.toMinute ?? null,
    timeZone: input.timeZone,
    updatedAt: new Date(),
  };
  await db.insert(alertSettings).values({ userId, ...values }).onConflictDoUpdate({ target: alertSettings.userId, set: values });
  return getAlertSettings(db, userId);
}
