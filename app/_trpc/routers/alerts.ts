import { z } from 'zod';
import { env } from '../../../config/env';
import { getAlertSettings, updateAlertSettings } from '../../../server/alerts/alert-settings';
import { alertSettingsInput } from '../../../server/alerts/alert-settings.schema';
import { createTelegramLinkCode, unlinkTelegramUser } from '../../../server/alerts/telegram/link-codes';
import { accountProcedure, router } from '../init';

/** The signed-in person's own alerts (docs/alerts.md), whatever their role: a trader, a merchant's staff member, an operator. */
export const alertsRouter = router({
  settings: accountProcedure.query(async ({ ctx }) => ({ ...(await getAlertSettings(ctx.db, ctx.user.id)), botUsername: env().TELEGRAM_BOT_USERNAME ?? null })),
  updateSettings: accountProcedure.input(alertSettingsInput).mutation(({ ctx, input }) => updateAlertSettings(ctx.db, ctx.user.id, input)),
  /** A one-time code to send to the bot as /start <code>; shown once, valid 15 minutes. */
  telegramLinkCode: accountProcedure.input(z.object({}).strict()).mutation(async ({ ctx }) => {
    const { code, expiresAt } = await createTelegramLinkCode(ctx.db, ctx.user.id, new Date());
    const username = env().TELEGRAM_BOT_USERNAME;
    return { code, expiresAt: expiresAt.toISOString(), startLink: username ? `https://t.me/${username}?start=${code}` : null };
  }),
  unlinkTelegram: accountProcedure.input(z.object({}).strict()).mutation(async ({ ctx }) => ({ unlinked: await unlinkTelegramUser(ctx.db, ctx.user.id) })),
});
