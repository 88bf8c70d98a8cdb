import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { merchants } from '../../db/schema';
import { DomainError, isDomainError } from '../errors';
import { findMerchantPayout } from '../payouts/find-payout';
import { loadProofImage } from './load-proof-image';

/**
 * One proof image of a merchant's own payout (docs/api.md, "Open a proof image"). A proof that is
 * missing, belongs to another payout or to another merchant's payout answers the same
 * ORDER_NOT_FOUND, so the answer never tells whether someone else's proof exists. A suspended
 * merchant's URLs stop at once (MERCHANT_DISABLED), as its API keys do.
 */
export async function loadMerchantProofImage(
  db: Executor,
  options: { merchantId: string; reference: string; proofId: string },
): Promise<{ contentType: string; data: Uint8Array }> {
  const [merchant] = await db.select({ status: merchants.status }).from(merchants).where(eq(merchants.id, options.merchantId));
  if (merchant && merchant.status !== 'active') throw new DomainError('MERCHANT_DISABLED', 'This merchant is suspended.');
  const order = await findMerchantPayout(db, options.merchantId, options.reference);
  const notFound = () => new DomainError('ORDER_NOT_FOUND', 'No such proof on this payout.');
  try {
    const image = await loadProofImage(db, options.proofId);
    if (image.payoutOrderId !== order.id) throw notFound();
    return { contentType: image.contentType, data: image.data };
  } catch (error) {
    if (isDomainError(error, 'NOT_FOUND')) throw notFound();
    throw error;
  }
}
