import { Bot } from 'grammy';

export interface TelegramConfig {
  token: string;
  /** The Bot API's address; a local stand-in in tests (grammY's `client.apiRoot`). */
  apiRoot?: string;
}

/** A grammY bot that is only driven by hand: the alert worker fetches updates and hands them over (poll-telegram.ts). */
export function telegramBot(config: TelegramConfig): Bot {
  return new Bot(config.token, { client: config.apiRoot ? { apiRoot: config.apiRoot } : undefined });
}
