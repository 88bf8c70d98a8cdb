import { env } from '../../../../../config/env';
import { getDatabase } from '../../../../../db';
import { createDemoPayin } from '../../../../../server/demo/create-demo-payin';
import { isDomainError } from '../../../../../server/errors';

/** A 303 to a path of this server: the browser loads it afresh, as a buyer opening the link would. */
const seeOther = (location: string) => new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });

/**
 * POST /demo/checkout/pay-in, the checkout demo's button (a plain form, so it works without script):
 * a pay-in from the demo merchant, then its checkout. Demo mode only: in production it is a 404.
 * When no trader can take it now, back to the demo page, which says why.
 */
export async function POST(): Promise<Response> {
  if (!env().demo) return new Response('Not found', { status: 404 });
  const { db } = await getDatabase();
  try {
    const { payUrl } = await createDemoPayin(db);
    // The checkout's own path, so the buyer stays on this server whatever PUBLIC_BASE_URL says.
    return seeOther(new URL(payUrl, 'http://localhost').pathname);
  } catch (error) {
    if (isDomainError(error)) return seeOther(`/demo/checkout?unavailable=${encodeURIComponent(error.code)}`);
    throw error;
  }
}
