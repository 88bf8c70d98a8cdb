import { z } from 'zod';
import { env } from '../../../config/env';
import { getAlertSettings, updateAlertSettings } from '../../../server/alerts/alert-settings';
import { alertSettingsInput } from '../../../server/alerts/alert-settings.schema';
import { pushSubscriptionInput, subscribePush, unsubscribePush } from '../../../server/alerts/push/push-subscriptions';
import { vapidKeysOf } from '../../../server/alerts/push/vapid-keys';
import { keyring } from '../../../server/config/keyring';
import { createTelegramLinkCode, unlinkTelegramUser } from '../../../server/alerts/telegram/link-codes';
import { accountProcedure, router } from '../init';
import { getAlertSettingsOutput } from '../../../server/alerts/alert-settings-output.schema';
import { subscribePushOutput, unsubscribePushOutput } from '../../../server/alerts/push/push-subscriptions.schema';

/** The signed-in person's own alerts (docs/alerts.md), whatever their role: a trader, a merchant's staff member, an operator. */
export const alertsRouter = router({
  settings: accountProcedure.output(getAlertSettingsOutput.extend({ botUsername: z.string().nullable() })).query(async ({ ctx }) => ({ ...(await getAlertSettings(ctx.db, ctx.user.id)), botUsername: env().TELEGRAM_BOT_USERNAME ?? null })),
  updateSettings: accountProcedure.input(alertSettingsInput).output(getAlertSettingsOutput).mutation(({ ctx, input }) => updateAlertSettings(ctx.db, ctx.user.id, input)),
  /** A one-time code to send to the bot as /start <code>; shown once, valid 15 minutes. */
  telegramLinkCode: accountProcedure.input(z.object({}).strict()).output(z.object({ code: z.string(), expiresAt: z.string(), startLink: z.string().nullable() })).mutation(async ({ ctx }) => {
    const { code, expiresAt } = await createTelegramLinkCode(ctx.db, ctx.user.id, new Date());
    const username = env().TELEGRAM_BOT_USERNAME;
    return { code, expiresAt: expiresAt.toISOString(), startLink: username ? `https://t.me/${username}?start=${code}` : null };
  }),
  /** The VAPID public key a browser subscribes with (applicationServerKey). */
  pushKey: accountProcedure.output(z.object({ publicKey: z.string() })).query(() => ({ publicKey: vapidKeysOf(keyring()).publicKey })),
  subscribePush: accountProcedure.input(pushSubscriptionInput).output(subscribePushOutput).mutation(({ ctx, input }) => subscribePush(ctx.db, { userId: ctx.user.id, ...input, options: { allowPrivate: env().webhookAllowPrivate } })),
  unsubscribePush: accountProcedure
    .input(z.object({ endpoint: z.url().max(2048) }).strict())
    .output(unsubscribePushOutput)
    .mutation(({ ctx, input }) => unsubscribePush(ctx.db, ctx.user.id, input.endpoint)),
  unlinkTelegram: accountProcedure.input(z.object({}).strict()).output(z.object({ unlinked: z.boolean() })).mutation(async ({ ctx }) => ({ unlinked: await unlinkTelegramUser(ctx.db, ctx.user.id) })),
});
