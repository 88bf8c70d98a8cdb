import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { telegramLinkCodes, telegramLinks } from '../../../db/schema';

/** How long a link code shown on a page may be sent to the bot. */
const LINK_CODE_TTL_MS = 15 * 60_000;

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * A new one-time code for the person's page: they send `/start <code>` to the bot. Only its hash
 * is kept; a new code replaces the person's older ones.
 */
export async function createTelegramLinkCode(db: Executor, userId: string, now: Date): Promise<{ code: string; expiresAt: Date }> {
  // 20 base32-like characters of 120 random bits; Telegram's start parameter allows [A-Za-z0-9_-].
  const code = randomBytes(15).toString('base64url');
  const expiresAt = new Date(now.getTime() + LINK_CODE_TTL_MS);
  await db.delete(telegramLinkCodes).where(eq(telegramLinkCodes.userId, userId));
  await db.insert(telegramLinkCodes).values({ codeHash: hashOf(code), userId, expiresAt, createdAt: now });
  return { code, expiresAt };
}

interface LinkTelegramChatOptions {
  code: string;
  chatId: string;
  now: Date;
}

/** Links the chat to the code's person and spends the code; null when the code is unknown or expired. */
export async function linkTelegramChat(db: Executor, { code, chatId, now }: LinkTelegramChatOptions): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(code)) return null;
  const [spent] = await db
    .delete(telegramLinkCodes)
    .where(and(eq(telegramLinkCodes.codeHash, hashOf(code)), gt(telegramLinkCodes.expiresAt, now)))
    .returning({ userId: telegramLinkCodes.userId });
  if (!spent) return null;
  // One chat, one person: a chat linked before to someone else now belongs to this one.
  await db.delete(telegramLinks).where(eq(telegramLinks.chatId, chatId));
  await db
    .insert(telegramLinks)
    .values({ userId: spent.userId, chatId, linkedAt: now })
    .onConflictDoUpdate({ target: telegramLinks.userId, set: { chatId, linkedAt: now } });
  return spent.userId;
}

/** Unlinks from the person's page. */
export async function unlinkTelegramUser(db: Executor, userId: string): Promise<boolean> {
  const gone = await db.delete(telegramLinks).where(eq(telegramLinks.userId, userId)).returning({ userId: telegramLinks.userId });
  return gone.length > 0;
}

/** Unlinks from the chat's side (/stop). */
export async function unlinkTelegramChat(db: Executor, chatId: string): Promise<boolean> {
  const gone = await db.delete(telegramLinks).where(eq(telegramLinks.chatId, chatId)).returning({ userId: telegramLinks.userId });
  return gone.length > 0;
}
