/** Why a send failed, in words safe for a log and the delivery row (no token, no message text). */
export class AlertSendError extends Error {
  constructor(
    message: string,
    /** The channel said when to try again (Telegram's retry_after). */
    readonly retryAfterMs?: number,
    /** Retrying cannot help: the person blocked the bot or the chat is gone. */
    readonly permanent = false,
  ) {
    super(message);
  }
}

/** A channel alerts go out through: Telegram now (telegram/telegram-sender.ts), web push beside it later. */
export interface AlertSender {
  /** Sends `text` to the chat the person linked; throws AlertSendError when it did not go out. */
  send(chatId: string, text: string): Promise<void>;
}
