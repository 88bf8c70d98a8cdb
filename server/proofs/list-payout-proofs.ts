import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { proofImages } from '../../db/schema';
import { signUrl } from '../auth/sign-url';
import { isoMs } from '../money/format';
import { findMerchantPayout } from '../payouts/find-payout';
import type { payoutProofListResponse } from './payout-proof.schema';
import { payoutProofPath } from './payout-proof-path';

/**
 * A merchant's payout's proofs (docs/api.md, "List a payout's proofs"): their metadata and, for
 * each, a URL that serves the image to this merchant for a few minutes. Another merchant's payout
 * is ORDER_NOT_FOUND, like a missing one (findMerchantPayout).
 */
export async function listPayoutProofs(
  db: Executor,
  options: { merchantId: string; reference: string; now: Date },
): Promise<z.output<typeof payoutProofListResponse>> {
  const order = await findMerchantPayout(db, options.merchantId, options.reference);
  const rows = await db
    .select({
      id: proofImages.id,
      contentType: proofImages.contentType,
      byteSize: proofImages.byteSize,
      // Of the stored (re-encoded) bytes, which the URL serves, so a merchant can check a download;
      // the table keeps only the original upload's hash, which no one but the trader can check.
      sha256: sql<string>`encode(sha256(${proofImages.data}), 'hex')`,
      createdAt: proofImages.createdAt,
    })
    .from(proofImages)
    .where(eq(proofImages.payoutOrderId, order.id))
    .orderBy(asc(proofImages.createdAt), asc(proofImages.position));
  return {
    items: rows.map((row) => {
      const { url, expiresAt } = signUrl({ merchantId: options.merchantId, path: payoutProofPath(order.orderNo, row.id), now: options.now });
      return {
        id: row.id,
        contentType: row.contentType as 'image/jpeg' | 'image/png' | 'image/webp',
        byteSize: row.byteSize,
        sha256: row.sha256,
        uploadedAt: isoMs(row.createdAt),
        url,
        urlExpiresAt: isoMs(expiresAt),
      };
    }),
  };
}
