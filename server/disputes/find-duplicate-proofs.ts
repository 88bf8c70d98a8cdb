import { and, inArray, ne } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payoutOrders, proofImages } from '../../db/schema';

export interface ProofDuplicate {
  flow: 'payout';
  orderId: string;
  orderNo: string;
}

/**
 * For each SHA-256 given, the other orders whose proofs carry the same original bytes: a transfer
 * slip used twice. The flag shows on both orders, since each is "the other" of the other.
 */
export async function findDuplicateProofs(db: Executor, orderId: string, sha256s: string[]): Promise<Map<string, ProofDuplicate[]>> {
  const found = new Map<string, ProofDuplicate[]>();
  if (sha256s.length === 0) return found;
  const rows = await db
    .selectDistinct({ sha256: proofImages.originalSha256, orderId: payoutOrders.id, orderNo: payoutOrders.orderNo })
    .from(proofImages)
    .innerJoin(payoutOrders, eq(payoutOrders.id, proofImages.payoutOrderId))
    .where(and(inArray(proofImages.originalSha256, sha256s), ne(proofImages.payoutOrderId, orderId)))
    .orderBy(payoutOrders.orderNo);
  for (const row of rows) {
    const list = found.get(row.sha256) ?? [];
    list.push({ flow: 'payout', orderId: row.orderId, orderNo: row.orderNo });
    found.set(row.sha256, list);
  }
  return found;
}
