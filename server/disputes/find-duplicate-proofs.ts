import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { disputeEvidence, disputeEvidenceFiles, payinOrders, payoutOrders, proofImages } from '../../db/schema';

export interface ProofDuplicate {
  flow: 'payout' | 'payin';
  orderId: string;
  orderNo: string;
}

/**
 * For each SHA-256 given, the other orders whose proofs or dispute evidence carry the same
 * original bytes: a transfer slip used twice. The flag shows on both orders, since each is "the
 * other" of the other. Both lookups use an index on the SHA-256.
 */
export async function findDuplicateProofs(db: Executor, orderId: string, sha256s: string[]): Promise<Map<string, ProofDuplicate[]>> {
  const found = new Map<string, ProofDuplicate[]>();
  if (sha256s.length === 0) return found;
  const proofs = await db
    .selectDistinct({ sha256: proofImages.originalSha256, orderId: payoutOrders.id, orderNo: payoutOrders.orderNo })
    .from(proofImages)
    .innerJoin(payoutOrders, eq(payoutOrders.id, proofImages.payoutOrderId))
    .where(and(inArray(proofImages.originalSha256, sha256s), ne(proofImages.payoutOrderId, orderId)));
  const evidence = await db
    .selectDistinct({ sha256: disputeEvidenceFiles.originalSha256, flow: disputeEvidence.flow, orderId: disputeEvidence.orderId })
    .from(disputeEvidenceFiles)
    .innerJoin(disputeEvidence, eq(disputeEvidence.id, disputeEvidenceFiles.evidenceId))
    .where(and(inArray(disputeEvidenceFiles.originalSha256, sha256s), ne(disputeEvidence.orderId, orderId)));
  const numbers = await orderNumbers(db, evidence);

  const rows: (ProofDuplicate & { sha256: string })[] = [
    ...proofs.map((row) => ({ ...row, flow: 'payout' as const })),
    ...evidence.flatMap((row) => {
      const orderNo = numbers.get(row.orderId);
      return orderNo ? [{ sha256: row.sha256, flow: row.flow, orderId: row.orderId, orderNo }] : [];
    }),
  ].sort((a, b) => a.orderNo.localeCompare(b.orderNo));
  for (const row of rows) {
    const list = found.get(row.sha256) ?? [];
    if (!list.some((other) => other.orderId === row.orderId)) list.push({ flow: row.flow, orderId: row.orderId, orderNo: row.orderNo });
    found.set(row.sha256, list);
  }
  return found;
}

/** The order numbers of evidence rows, which point at either order table. */
async function orderNumbers(db: Executor, rows: { flow: 'payout' | 'payin'; orderId: string }[]): Promise<Map<string, string>> {
  const numbers = new Map<string, string>();
  const payoutIds = [...new Set(rows.filter((row) => row.flow === 'payout').map((row) => row.orderId))];
  const payinIds = [...new Set(rows.filter((row) => row.flow === 'payin').map((row) => row.orderId))];
  if (payoutIds.length) {
    for (const row of await db.select({ id: payoutOrders.id, orderNo: payoutOrders.orderNo }).from(payoutOrders).where(inArray(payoutOrders.id, payoutIds))) numbers.set(row.id, row.orderNo);
  }
  if (payinIds.length) {
    for (const row of await db.select({ id: payinOrders.id, orderNo: payinOrders.orderNo }).from(payinOrders).where(inArray(payinOrders.id, payinIds))) numbers.set(row.id, row.orderNo);
  }
  return numbers;
}
