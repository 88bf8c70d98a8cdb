import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The merchants' webhook endpoint for the lifecycle rows: a server in the bench process that
 * answers 200 at once and remembers which events arrived (by id: delivery is at least once, so a
 * repeat counts as a duplicate, not as a second event) and which orders' final events did. An
 * event's data is the order's detail view: a payout names itself `orderId`, a pay-in `id`.
 */
export interface WebhookReceiver {
  url: string;
  /** Distinct events received. */
  readonly events: number;
  /** Deliveries of an event already received. */
  readonly duplicates: number;
  /** Whether `type` arrived for this order. */
  has(type: string, orderId: string): boolean;
  /** When the last delivery arrived (performance.now()). */
  readonly lastAt: number;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const seen = new Set<string>();
  const finals = new Set<string>();
  let duplicates = 0;
  let lastAt = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      lastAt = performance.now();
      try {
        const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; type: string; data?: { orderId?: string; id?: string } };
        if (seen.has(event.id)) duplicates += 1;
        seen.add(event.id);
        const orderId = event.data?.orderId ?? event.data?.id;
        if (orderId) finals.add(`${event.type}:${orderId}`);
        response.writeHead(200).end();
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/corridor`,
    get events() {
      return seen.size;
    },
    get duplicates() {
      return duplicates;
    },
    get lastAt() {
      return lastAt;
    },
    has: (type, orderId) => finals.has(`${type}:${orderId}`),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
