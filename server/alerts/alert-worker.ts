import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { log } from '../logging/log';
import { deliverDueAlerts } from './deliver-alerts';
import { feedAlerts } from './feed-alerts';
import { vapidKeysOf, type VapidKeys } from './push/vapid-keys';
import { keyring } from '../config/keyring';
import { env } from '../../config/env';
import { scanAlerts } from './scan-alerts';
import type { TelegramConfig } from './telegram/telegram-bot';
import { pollTelegramUpdates } from './telegram/poll-telegram';

/**
 * The channels from the environment (docs/operations.md, "Alerts to people"): Telegram when a bot
 * token is set; web push signed with the keyring's VAPID key when
 * there is a contact for it (CORRIDOR_PUSH_SUBJECT, else an https: public address).
 */
export function alertChannelsOf(config: { TELEGRAM_BOT_TOKEN?: string; TELEGRAM_API_ROOT?: string; CORRIDOR_PUSH_SUBJECT?: string; PUBLIC_BASE_URL: string }) {
  const telegram: TelegramConfig | undefined = config.TELEGRAM_BOT_TOKEN ? { token: config.TELEGRAM_BOT_TOKEN, apiRoot: config.TELEGRAM_API_ROOT } : undefined;
  // Push services accept only an https: or mailto: contact: a plain-HTTP address (the demo's) and no subject is no push.
  const subject = config.CORRIDOR_PUSH_SUBJECT ?? (config.PUBLIC_BASE_URL.startsWith('https://') ? config.PUBLIC_BASE_URL : undefined);
  return { telegram, push: subject ? { vapid: vapidKeysOf(keyring()), subject, allowPrivate: env().webhookAllowPrivate } : undefined };
}

export interface AlertWorkerOptions {
  workerId?: string;
  /** No bot token: the queue is still fed (so it never grows) but nothing goes to Telegram. */
  telegram?: TelegramConfig;
  /** Web push: the VAPID keys and the contact (mailto: or https:) push services see; none: no push. */
  push?: { vapid: VapidKeys; subject: string; allowPrivate: boolean };
  idleMs?: number;
  /** How often the state scans (deadlines, checks, the pool) run. */
  scanEveryMs?: number;
  keepProcessAlive?: boolean;
}

export interface RunningAlertWorker {
  workerId: string;
  stop(): Promise<void>;
}

/**
 * The alert loop (docs/alerts.md): feeds queued outbox events into alerts, scans for state alerts,
 * reads the bot's messages (links and unlinks) and sends what is due. It runs beside the webhook
 * loop in `npm run worker` and in the server; any number may run against one PostgreSQL.
 */
export function startAlertWorker(db: Db, options: AlertWorkerOptions): RunningAlertWorker {
  const workerId = options.workerId ?? `alerts-${randomUUID().slice(0, 8)}`;
  let stopping = false;
  let lastScan = 0;
  let wake: (() => void) | undefined;
  const alive = options.keepProcessAlive ? setInterval(() => {}, 60_000) : undefined;

  const step = async (name: string, run: () => Promise<number>) => {
    try {
      return await run();
    } catch (error) {
      log('error', `alert ${name} failed`, { workerId, error: error instanceof Error ? error.name : 'unknown' });
      return 0;
    }
  };

  const loop = (async () => {
    const { bot, sender, push } = await openChannels(options);
    while (!stopping) {
      const now = new Date();
      let busy = await step('feed', () => feedAlerts(db));
      if (now.getTime() - lastScan >= (options.scanEveryMs ?? 30_000)) {
        lastScan = now.getTime();
        await step('scan', () => scanAlerts(db, now));
      }
      if (bot) busy += await step('telegram poll', () => pollTelegramUpdates(db, { api: bot.api, now }));
      if (sender || push) busy += await step('delivery', () => deliverDueAlerts(db, { workerId, sender, push, now }));
      if (busy === 0) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, options.idleMs ?? 1_000).unref();
        });
        wake = undefined;
      }
    }
  })();

  return {
    workerId,
    async stop() {
      stopping = true;
      clearInterval(alive);
      wake?.();
      await loop;
    },
  };
}

/**
 * The channels' clients, loaded only when configured: grammY and web-push hold about 4 and 1.5 MB
 * of heap once loaded, in every process that runs the worker (docs/performance.md, "Memory").
 */
async function openChannels(options: AlertWorkerOptions) {
  const bot = options.telegram ? (await import('./telegram/telegram-bot')).telegramBot(options.telegram) : undefined;
  const sender = bot ? (await import('./telegram/telegram-sender')).telegramSender(bot.api) : undefined;
  const push = options.push
    ? (await import('./push/push-sender')).pushSender(options.push.vapid, options.push.subject, { allowPrivate: options.push.allowPrivate })
    : undefined;
  return { bot, sender, push };
}
