import { getDatabase } from '../../../../db';
import { checkoutEventsResponse } from './checkout-events-response';

/** GET /pay/:token/events: the buyer's live status (checkout-events-response.ts). */
export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  return checkoutEventsResponse(await getDatabase(), request, token);
}
