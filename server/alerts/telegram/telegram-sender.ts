import { GrammyError, type Api } from 'grammy';
import { AlertSendError, type AlertSender } from '../alert-sender';

/**
 * Sends alerts with grammY's Bot API client. A failure becomes an AlertSendError carrying Telegram's
 * code and description only: grammY's own error holds the request payload (the message text),
 * which never reaches a log or the delivery row.
 */
export function telegramSender(api: Api): AlertSender {
  return {
    async send(chatId, text) {
      try {
        await api.sendMessage(chatId, text);
      } catch (error) {
        if (error instanceof GrammyError) {
          const retryAfter = error.parameters.retry_after;
          // 403: the person blocked the bot; 400 "chat not found": the chat is gone. Retrying cannot help.
          const permanent = error.error_code === 403 || (error.error_code === 400 && /chat not found/i.test(error.description));
          throw new AlertSendError(`telegram ${error.error_code}: ${error.description.slice(0, 200)}`, retryAfter === undefined ? undefined : retryAfter * 1000, permanent);
        }
        throw new AlertSendError('telegram unreachable');
      }
    },
  };
}
