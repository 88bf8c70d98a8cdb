import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAMS_PER_ADDRESS, STREAMS_PER_CHECKOUT } from '../../app/_page-gate/event-stream-registry';
import { startPageServer, type PageServer } from './page-server';

/**
 * The attack: open thousands of live-status streams (`/pay/<token>/events`) for one checkout link,
 * or for many, from one address. Each held a connection, a file descriptor and a listener for as
 * long as the client liked; the server's memory grew by hundreds of MB.
 * The rule that now holds (docs/security.md, "Buyer receipts and the checkout's streams"): at most
 * STREAMS_PER_CHECKOUT streams per link and STREAMS_PER_ADDRESS per client address are open at
 * once; more get 429 TOO_MANY_STREAMS (the page polls instead); a stream ends after 10 minutes at
 * the latest, and its count is released when it closes, so memory returns to idle.
 */
const ATTEMPTS = 200;
const RSS_TOLERANCE_MB = 50;

let server: PageServer;

beforeAll(async () => {
  server = await startPageServer({ checkouts: STREAMS_PER_ADDRESS / STREAMS_PER_CHECKOUT + 1 });
}, 90_000);
afterAll(async () => {
  await server?.close();
});

interface Stream {
  status: number;
  contentType: string;
  code: string | null;
  socket: net.Socket;
}

/** Opens one stream on a raw connection and resolves once its answer's head (and a refusal's body) arrived. */
function openStream(token: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => reject(new Error(`No answer: ${JSON.stringify(text)}`)), 15_000);
    const settle = () => {
      const end = text.indexOf('\r\n\r\n');
      if (end === -1) return false;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const contentType = /\r\ncontent-type: ([^\r]+)/i.exec(text)?.[1] ?? '';
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(text)?.[1] ?? -1);
      if (status === 200) {
        clearTimeout(timer);
        resolve({ status, contentType, code: null, socket });
        return true;
      }
      if (length >= 0 && text.length - end - 4 < length) return false;
      clearTimeout(timer);
      const body = text.slice(end + 4);
      resolve({ status, contentType, code: body ? ((JSON.parse(body) as { error?: { code: string } }).error?.code ?? null) : null, socket });
      return true;
    };
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (settle()) socket.removeAllListeners('data');
    });
    socket.on('error', reject);
    socket.write(`GET /pay/${token}/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`);
  });
}

function closeAll(streams: Stream[]): void {
  for (const stream of streams) stream.socket.destroy();
}

/** Waits until the server's memory is back within the tolerance of `idle`, for at most 30 s; returns the last reading. */
async function settledRss(idle: number): Promise<number> {
  const deadline = Date.now() + 30_000;
  let rss = await server.rssMb();
  while (rss - idle >= RSS_TOLERANCE_MB && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    rss = await server.rssMb();
  }
  return rss;
}

const tally = (streams: Stream[]) => {
  const counts: Record<string, number> = {};
  for (const stream of streams) {
    const key = stream.status === 200 ? `200 ${stream.contentType.split(';')[0]}` : `${stream.status} ${stream.code}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

describe('one client opens hundreds of live-status streams for one checkout, or for many; the server holds only its caps and its memory comes back when they close', () => {
  it(`${ATTEMPTS} streams at once for one link: ${STREAMS_PER_CHECKOUT} open, the rest 429 TOO_MANY_STREAMS; memory back within ${RSS_TOLERANCE_MB} MB of idle after they close; the link streams again`, async () => {
    const idle = await server.rssMb();
    const streams = await Promise.all(Array.from({ length: ATTEMPTS }, () => openStream(server.tokens[0]!)));
    try {
      expect(tally(streams)).toEqual({ '200 text/event-stream': STREAMS_PER_CHECKOUT, '429 TOO_MANY_STREAMS': ATTEMPTS - STREAMS_PER_CHECKOUT });
    } finally {
      closeAll(streams);
    }
    const after = await settledRss(idle);
    expect(after - idle, `idle ${idle.toFixed(0)} MB, after ${after.toFixed(0)} MB`).toBeLessThan(RSS_TOLERANCE_MB);
    // The closed streams no longer count: the buyer's page connects again (once the server has seen them close).
    let again = await openStream(server.tokens[0]!);
    for (let attempt = 0; again.status !== 200 && attempt < 50; attempt++) {
      closeAll([again]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await openStream(server.tokens[0]!);
    }
    closeAll([again]);
    expect(again.status).toBe(200);
  }, 60_000);

  it(`streams for many links from one address: ${STREAMS_PER_ADDRESS} open, the next refused`, async () => {
    const tokens = server.tokens;
    const streams: Stream[] = [];
    try {
      for (const token of tokens.slice(0, STREAMS_PER_ADDRESS / STREAMS_PER_CHECKOUT)) {
        streams.push(...(await Promise.all(Array.from({ length: STREAMS_PER_CHECKOUT }, () => openStream(token)))));
      }
      expect(tally(streams)).toEqual({ '200 text/event-stream': STREAMS_PER_ADDRESS });
      const over = await openStream(tokens.at(-1)!);
      streams.push(over);
      expect([over.status, over.code]).toEqual([429, 'TOO_MANY_STREAMS']);
    } finally {
      closeAll(streams);
    }
  }, 60_000);
});
