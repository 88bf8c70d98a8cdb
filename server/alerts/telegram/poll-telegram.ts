import { eq, sql } from 'drizzle-orm';
import type { Api } from 'grammy';
import { rowsOf, type Db } from '../../../db/client';
import { telegramUpdateOffsets } from '../../../db/schema';
import { log } from '../../logging/log';
import { linkTelegramChat, unlinkTelegramChat } from './link-codes';

const REPLIES = {
  linked: 'Linked: Corridor alerts will come to this chat. Send /stop to unlink.\n已绑定：Corridor 提醒将发送到此对话。发送 /stop 解除绑定。',
  badCode: 'This link code is unknown or expired. Make a new one on your Alerts page.\n绑定码无效或已过期。请在"提醒"页面生成新的绑定码。',
  unlinked: 'Unlinked: no more alerts will come here.\n已解除绑定：此对话不再接收提醒。',
  notLinked: 'This chat is not linked. Send /start <code> with the code from your Alerts page.\n此对话未绑定。请发送 /start <绑定码>，绑定码见"提醒"页面。',
} as const;

const COMMAND = /^\/(start|stop)(?:@\w+)?(?:\s+(\S+))?\s*$/;

interface PollTelegramUpdatesOptions {
  api: Api;
  now: Date;
  bot?: string;
}

/**
 * Reads the bot's new messages (getUpdates) and acts on /start <code> and /stop. Only one worker
 * reads at a time (Telegram refuses two readers): a transaction-scoped advisory lock, skipped when
 * another holds it. The links and the next offset commit together, and the replies go out after the
 * commit, so a crash never leaves a person told "linked" who is not. Returns how many updates were read.
 */
export async function pollTelegramUpdates(db: Db, { api, now, bot = 'alerts' }: PollTelegramUpdatesOptions): Promise<number> {
  const replies: { chatId: string; text: string }[] = [];
  const read = await db.transaction(async (tx) => {
    const [lock] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('corridor.telegram-updates')) as ok`));
    if (!lock?.ok) return 0;
    const [offset] = await tx.select().from(telegramUpdateOffsets).where(eq(telegramUpdateOffsets.bot, bot));
    const updates = await api.getUpdates({ offset: offset?.nextUpdateId, timeout: 0, allowed_updates: ['message'] });
    for (const update of updates) {
      const message = update.message;
      if (!message?.text || message.chat.type !== 'private') continue;
      const command = COMMAND.exec(message.text);
      if (!command) continue;
      const chatId = String(message.chat.id);
      if (command[1] === 'start') {
        const userId = command[2] ? await linkTelegramChat(tx, { code: command[2], chatId, now }) : null;
        replies.push({ chatId, text: userId ? REPLIES.linked : REPLIES.badCode });
      } else {
        replies.push({ chatId, text: (await unlinkTelegramChat(tx, chatId)) ? REPLIES.unlinked : REPLIES.notLinked });
      }
    }
    const last = updates.at(-1);
    if (last) {
      await tx
        .insert(telegramUpdateOffsets)
        .values({ bot, nextUpdateId: last.update_id + 1 })
        .onConflictDoUpdate({ target: telegramUpdateOffsets.bot, set: { nextUpdateId: last.update_id + 1 } });
    }
    return updates.length;
  });
  for (const reply of replies) {
    // A lost reply is only a lost courtesy: the link is already stored.
    await api.sendMessage(reply.chatId, reply.text).catch(() => log('warn', 'telegram reply failed', { bot }));
  }
  return read;
}
