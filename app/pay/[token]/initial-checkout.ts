import { getDatabase } from '../../../db';
import { buyerEvidenceRequests } from '../../../server/disputes/party-evidence-requests';
import { DomainError } from '../../../server/errors';
import { checkoutView } from '../../../server/checkout/checkout';
import type { InitialCheckout } from './types';

/**
 * The checkout's data for the server render, read through the same domain functions as the
 * checkout's tRPC queries (app/_trpc/routers/checkout.ts), so the first HTML and every later
 * refetch say the same thing. Null for an unknown or expired link (ORDER_NOT_FOUND): the page
 * answers 404.
 */
export async function initialCheckout(token: string): Promise<InitialCheckout | null> {
  const { db } = await getDatabase();
  try {
    const view = await checkoutView(db, token);
    const evidenceRequests = view.status === 'DISPUTED' ? await buyerEvidenceRequests(db, token) : null;
    return { view, evidenceRequests };
  } catch (error) {
    if (error instanceof DomainError && error.code === 'ORDER_NOT_FOUND') return null;
    throw error;
  }
}
