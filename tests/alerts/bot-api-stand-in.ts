import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface SentMessage {
  chatId: string;
  text: string;
}

// Telegram's update ids only grow for a bot; a stand-in started again goes on from the last one,
// as the worker's stored offset expects.
let nextUpdateId = 1;

/**
 * A local stand-in for the Telegram Bot API (the real one cannot be reached from the tests):
 * getUpdates answers what `say` queued, sendMessage records the message, and `failNextSends`
 * makes the next sends fail as Telegram does when it is down (HTTP 502 with an error body).
 */
export async function startBotApiStandIn(token: string) {
  const sent: SentMessage[] = [];
  const updates: { update_id: number; message: unknown }[] = [];
  let nextMessageId = 1;
  let failures = 0;

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const reply = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
      if (!match || match[1] !== token) return reply(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const raw = Buffer.concat(chunks).toString('utf8');
      const params = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
      switch (match[2]) {
        case 'getMe':
          return reply(200, { ok: true, result: { id: 1, is_bot: true, first_name: 'Corridor', username: 'corridor_test_bot' } });
        case 'getUpdates': {
          const offset = typeof params.offset === 'number' ? params.offset : 0;
          // As Telegram does: asking from an offset confirms (and forgets) every earlier update.
          while (updates.length > 0 && updates[0]!.update_id < offset) updates.shift();
          return reply(200, { ok: true, result: updates });
        }
        case 'sendMessage':
          if (failures > 0) {
            failures -= 1;
            return reply(502, { ok: false, error_code: 502, description: 'Bad Gateway' });
          }
          sent.push({ chatId: String(params.chat_id), text: String(params.text) });
          return reply(200, { ok: true, result: { message_id: nextMessageId++, date: 0, chat: { id: Number(params.chat_id), type: 'private' }, text: params.text } });
        default:
          return reply(404, { ok: false, error_code: 404, description: 'Not Found' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiRoot: `http://127.0.0.1:${port}`,
    sent,
    /** A person writes `text` to the bot from chat `chatId`. */
    say(chatId: number, text: string) {
      updates.push({ update_id: nextUpdateId++, message: { message_id: nextUpdateId, date: 0, chat: { id: chatId, type: 'private' }, from: { id: chatId, is_bot: false, first_name: 'P' }, text } });
    },
    failNextSends(count: number) {
      failures = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
