import { getDatabase } from '../../../db';
import { onPoolChange } from '../../../server/payouts/pool-signal';
import { auth } from '../../_auth/auth';

const noStore = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

/** A comment line now and then keeps proxies and load balancers from closing a quiet stream. */
const KEEP_ALIVE_MS = 20_000;
/**
 * A stream ends after this and the browser opens a new one (EventSource reconnects by itself after
 * `retry`), so the session is checked again: a signed-out or suspended trader stops being told.
 */
const STREAM_LIFETIME_MS = 5 * 60_000;
const RECONNECT_MS = 3_000;

function refusal(status: 401 | 403, message: string): Response {
  return new Response(message, { status, headers: { ...noStore, 'Content-Type': 'text/plain; charset=utf-8' } });
}

/**
 * Server-sent events for the trader dashboard (docs/architecture.md, "Live task pool"): a `pool`
 * event each time a payout enters or leaves the task pool. The event carries no order data; the
 * page reads the pool again through its own scoped query. Only for a signed-in trader.
 */
export async function GET(request: Request): Promise<Response> {
  const session = await auth();
  const user = session?.user as { role?: string; traderId?: string | null } | undefined;
  if (!user?.role) return refusal(401, 'Sign in first.');
  if (user.role !== 'trader' || !user.traderId) return refusal(403, 'This is for traders.');
  const database = await getDatabase();

  const encoder = new TextEncoder();
  let finish = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      const send = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          finish();
        }
      };
      const stop = await onPoolChange(database, () => send('event: pool\ndata: changed\n\n'));
      const keepAlive = setInterval(() => send(': keep-alive\n\n'), KEEP_ALIVE_MS);
      const lifetime = setTimeout(() => finish(), STREAM_LIFETIME_MS);
      finish = () => {
        if (!open) return;
        open = false;
        clearInterval(keepAlive);
        clearTimeout(lifetime);
        stop();
        try {
          controller.close();
        } catch {
          // Already closed by the client going away.
        }
      };
      request.signal.addEventListener('abort', () => finish(), { once: true });
      // `ready` tells the page the stream is up, so it can stop polling and read once to catch up.
      send(`retry: ${RECONNECT_MS}\nevent: ready\ndata: pool\n\n`);
    },
    cancel() {
      finish();
    },
  });
  return new Response(stream, {
    headers: {
      ...noStore,
      // no-transform: a compressing layer (Next's included) would otherwise hold events back.
      'Cache-Control': 'no-store, no-transform',
      'Content-Type': 'text/event-stream; charset=utf-8',
      'X-Accel-Buffering': 'no',
    },
  });
}
