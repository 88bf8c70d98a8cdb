import { z } from 'zod';
import { env } from '../../../config/env';
import { getAlertSettings, updateAlertSettings } from '../../../server/alerts/alert-settings';
import { alertSettingsInput } from '../../../server/alerts/alert-settings.schema';
import { pushSubscriptionInput, subscribePush, unsubscribePush } from '../../../server/alerts/push/push-subscriptions';
import { vapidKeysOf } from '../../../server/alerts/push/vapid-keys';
import { keyring } from '../../../server/config/keyring';
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
  /** The VAPID public key a browser subscribes with (applicationServerKey). */
  pushKey: accountProcedure.query(() => ({ publicKey: vapidKeysOf(keyring()).publicKey })),
  subscribePush: accountProcedure.input(pushSubscriptionInput).mutation(({ ctx, input }) => subscribePush(ctx.db, { userId: ctx.user.id, ...input, options: { allowPrivate: env().webhookAllowPrivate } })),
  unsubscribePush: accountProcedure
    .input(z.object({ endpoint: z.url().max(2048) }).strict())
    .mutation(({ ctx, input }) => unsubscribePush(ctx.db, ctx.user.id, input.endpoint)),
  unlinkTelegram: accountProcedure.input(z.object({}).strict()).mutation(async ({ ctx }) => ({ unlinked: await unlinkTelegramUser(ctx.db, ctx.user.id) })),
});
