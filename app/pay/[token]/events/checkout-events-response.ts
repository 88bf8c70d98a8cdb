import type { Database } from '../../../../db/client';
import { DomainError, httpStatusOf } from '../../../../server/errors';
import { checkoutOrderOf } from '../../../../server/payins/checkout-order-id';
import { onPayinChange } from '../../../../server/payins/payin-changes';

/** A comment line now and then, so proxies and phones do not close an idle stream. */
const HEARTBEAT_MS = 20_000;
/** A stream ends after this; EventSource reconnects by itself, which re-checks the link (and the server's stream caps). */
export const MAX_STREAM_MS = 10 * 60_000;

const encoder = new TextEncoder();

/**
 * GET /pay/:token/events (docs/api.md, "Checkout"): server-sent events for the buyer's page. Each
 * committed change of the order sends `event: change`; the page then refetches its view through
 * the checkout's tRPC query, so bank details never travel on a second channel. An unknown or
 * expired link is 404, a final order 204 (nothing more will happen, and EventSource stops on 204).
 * When LISTEN is unavailable the answer is 503 and the page keeps polling.
 */
export async function checkoutEventsResponse(database: Database, request: Request, token: string): Promise<Response> {
  let order: { orderId: string; final: boolean };
  try {
    order = await checkoutOrderOf(database.db, token);
  } catch (error) {
    if (error instanceof DomainError) return Response.json({ error: { code: error.code, message: error.message } }, { status: httpStatusOf(error.code) });
    throw error;
  }
  if (order.final) return new Response(null, { status: 204 });

  let send: (text: string) => void = () => {};
  let unsubscribe: () => void;
  try {
    unsubscribe = await onPayinChange(database, order.orderId, () => send('event: change\ndata: {}\n\n'));
  } catch {
    return Response.json({ error: { code: 'SERVER_BUSY', message: 'Live updates are unavailable; the page polls instead.' } }, { status: 503 });
  }

  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const heartbeat = setInterval(() => send(': keep-alive\n\n'), HEARTBEAT_MS);
      const end = setTimeout(() => {
        cleanup();
        controller.close();
      }, MAX_STREAM_MS);
      cleanup = () => {
        clearInterval(heartbeat);
        clearTimeout(end);
        unsubscribe();
        request.signal.removeEventListener('abort', cleanup);
        send = () => {};
        cleanup = () => {};
      };
      send = (text) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      request.signal.addEventListener('abort', cleanup);
      // The page may have loaded its view just before LISTEN began: one change now closes that gap.
      send('retry: 3000\nevent: change\ndata: {}\n\n');
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: a compressing proxy would otherwise hold events back to fill its buffer.
      'Cache-Control': 'no-store, no-transform',
      'X-Accel-Buffering': 'no',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
