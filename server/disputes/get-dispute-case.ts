import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { merchants, payinOrders, payoutOrders, proofImages, traderBankAccounts, traders, users } from '../../db/schema';
import { DomainError } from '../errors';
import { frozenAmountOf } from '../payouts/payout-ledger';
import { fmt2, fmt6, fmtRate, isoMs, isoMsOrNull } from '../money/format';
import { payinStates } from '../payins/payin-machine';
import { payoutStates } from '../payouts/payout-machine';
import type { DisputeRef } from '../orders/order-ref';
import type { EvidenceItemView } from './dispute-evidence.schema';
import { findDuplicateProofs, type ProofDuplicate } from './find-duplicate-proofs';
import { withAuthorship, type EvidenceAuthorship } from './evidence-authors';
import { listDisputeEvidence } from './list-dispute-evidence';
import { listDisputeConversation, type DisputeConversation } from './list-dispute-conversation';
import { orderTimeline, type TimelineEntry } from '../orders/timeline';

interface CaseProof {
  id: string;
  position: number;
  contentType: string;
  byteSize: number;
  width: number | null;
  height: number | null;
  sha256: string;
  uploadedAt: string;
  /** Other orders whose proof has the same SHA-256 (the same slip used twice). */
  duplicates: ProofDuplicate[];
}

/** Evidence a party added (docs/operator-guide.md, "Evidence"), each image with its duplicates. */
interface CaseEvidence extends Omit<EvidenceItemView, 'files'>, EvidenceAuthorship {
  files: (EvidenceItemView['files'][number] & { duplicates: ProofDuplicate[] })[];
}

export interface DisputeCase {
  flow: 'payout' | 'payin';
  orderId: string;
  orderNo: string;
  merchantOrderNo: string;
  status: string;
  statusLabel: string;
  disputeReason: string | null;
  disputedAt: string | null;
  resolutionNote: string | null;
  claimedBy: { id: string; name: string } | null;
  amounts: { label: string; value: string }[];
  parties: {
    merchant: { id: string; name: string };
    trader: { id: string; name: string } | null;
    /** The bank account the fiat went to: the payout's recipient, or the trader's account of the pay-in. Last 4 digits only. */
    bankAccount: { holderName: string; bankName: string; last4: string } | null;
  };
  /** The reasons given along the way (dispute reasons, notes), oldest first. */
  reasons: { at: string; actorType: string; actorName: string | null; text: string }[];
  proofs: CaseProof[];
  /** What the parties added while the order was disputed or about to be, oldest first. */
  evidence: CaseEvidence[];
  timeline: TimelineEntry[];
  /** Everything the parties said to each other and the settlements they proposed, oldest first, with authors' names. */
  conversation: DisputeConversation;
  /** The rulings this case allows, with what each does to the money. */
  rulings: { ruling: string; label: string; effect: string }[];
}

async function nameOf(db: Executor, table: 'merchant' | 'trader' | 'operator', id: string | null): Promise<string | null> {
  if (!id) return null;
  if (table === 'merchant') return (await db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, id)))[0]?.name ?? null;
  if (table === 'trader') return (await db.select({ name: traders.name }).from(traders).where(eq(traders.id, id)))[0]?.name ?? null;
  return (await db.select({ name: users.displayName }).from(users).where(eq(users.id, id)))[0]?.name ?? null;
}

/** A dispute case with everything an operator needs to rule: timeline, amounts, proofs, parties. */
export async function getDisputeCase(db: Executor, ref: DisputeRef): Promise<DisputeCase> {
  const timeline = await orderTimeline(db, ref.orderId);
  // Every party's evidence and the operators' internal notes, each with who added it.
  const evidenceItems = await withAuthorship(db, await listDisputeEvidence(db, ref));
  const conversation = await listDisputeConversation(db, ref, { withNames: true });
  const evidenceHashes = evidenceItems.flatMap((item) => item.files.map((file) => file.sha256));
  const withDuplicates = (duplicates: Map<string, ProofDuplicate[]>): CaseEvidence[] =>
    evidenceItems.map((item) => ({ ...item, files: item.files.map((file) => ({ ...file, duplicates: duplicates.get(file.sha256) ?? [] })) }));
  const reasons = timeline
    .filter((entry) => entry.note)
    .map((entry) => ({ at: entry.at, actorType: entry.actorType, actorName: entry.actorName, text: entry.note as string }));

  if (ref.flow === 'payout') {
    const [order] = await db.select().from(payoutOrders).where(eq(payoutOrders.id, ref.orderId));
    if (!order) throw new DomainError('ORDER_NOT_FOUND', 'No such payout.');
    const proofs = await db
      .select({
        id: proofImages.id,
        position: proofImages.position,
        contentType: proofImages.contentType,
        byteSize: proofImages.byteSize,
        width: proofImages.width,
        height: proofImages.height,
        sha256: proofImages.originalSha256,
        createdAt: proofImages.createdAt,
      })
      .from(proofImages)
      .where(eq(proofImages.payoutOrderId, order.id))
      .orderBy(asc(proofImages.createdAt), asc(proofImages.position));
    const duplicates = await findDuplicateProofs(db, order.id, [...new Set([...proofs.map((proof) => proof.sha256), ...evidenceHashes])]);
    return {
      flow: 'payout',
      orderId: order.id,
      orderNo: order.orderNo,
      merchantOrderNo: order.merchantOrderNo,
      status: order.status,
      statusLabel: payoutStates[order.status].label,
      disputeReason: order.disputeReason,
      disputedAt: isoMsOrNull(order.disputedAt),
      resolutionNote: order.resolutionNote,
      claimedBy: order.claimedBy ? { id: order.claimedBy, name: (await nameOf(db, 'operator', order.claimedBy)) ?? 'an operator' } : null,
      amounts: [
        { label: 'CNY to the recipient', value: `${fmt2(order.lockedFiatAmount)} CNY` },
        { label: 'USDT to the trader', value: `${fmt2(order.usdAmount)} USDT` },
        { label: 'Platform fee', value: `${fmt2(order.usdFeeAmount)} USDT (${order.feeBps} bps)` },
        { label: 'Frozen from the merchant', value: `${fmt2(frozenAmountOf(order))} USDT` },
        { label: 'Locked rate', value: `1 USDT = ${fmtRate(order.fxRate)} CNY` },
      ],
      parties: {
        merchant: { id: order.merchantId, name: (await nameOf(db, 'merchant', order.merchantId)) ?? '' },
        trader: order.traderId ? { id: order.traderId, name: (await nameOf(db, 'trader', order.traderId)) ?? '' } : null,
        bankAccount: { holderName: order.recipientHolderName, bankName: order.recipientBankName, last4: order.recipientAccountLast4 },
      },
      reasons,
      proofs: proofs.map((proof) => ({
        id: proof.id,
        position: proof.position,
        contentType: proof.contentType,
        byteSize: proof.byteSize,
        width: proof.width,
        height: proof.height,
        sha256: proof.sha256,
        uploadedAt: isoMs(proof.createdAt),
        duplicates: duplicates.get(proof.sha256) ?? [],
      })),
      evidence: withDuplicates(duplicates),
      timeline,
      conversation,
      rulings: [
        { ruling: 'release', label: 'Release to trader', effect: 'COMPLETED: the frozen USDT goes to the trader, the fee to the platform.' },
        { ruling: 'refund', label: 'Refund merchant', effect: "CANCELLED: the frozen USDT and fee go back to the merchant's available balance." },
      ],
    };
  }

  const [order] = await db.select().from(payinOrders).where(eq(payinOrders.id, ref.orderId));
  if (!order) throw new DomainError('ORDER_NOT_FOUND', 'No such pay-in.');
  const [bank] = order.traderBankAccountId
    ? await db
        .select({ holderName: traderBankAccounts.holderName, bankName: traderBankAccounts.bankName, last4: traderBankAccounts.accountLast4 })
        .from(traderBankAccounts)
        .where(eq(traderBankAccounts.id, order.traderBankAccountId))
    : [];
  return {
    flow: 'payin',
    orderId: order.id,
    orderNo: order.orderNo,
    merchantOrderNo: order.merchantOrderNo,
    status: order.status,
    statusLabel: payinStates[order.status].label,
    disputeReason: order.disputeReason,
    disputedAt: isoMsOrNull(order.disputedAt),
    resolutionNote: order.resolutionNote,
    claimedBy: order.claimedBy ? { id: order.claimedBy, name: (await nameOf(db, 'operator', order.claimedBy)) ?? 'an operator' } : null,
    amounts: [
      { label: 'CNY the buyer pays', value: `${fmt2(order.fiatAmount)} CNY` },
      { label: 'USDT in escrow', value: `${fmt6(order.assetAmount)} USDT` },
      { label: 'Platform fee', value: `${fmt2(order.usdFeeAmount)} USDT (${order.feeBps} bps)` },
      { label: 'Locked rate', value: `1 USDT = ${fmtRate(order.fxRate)} CNY` },
    ],
    parties: {
      merchant: { id: order.merchantId, name: (await nameOf(db, 'merchant', order.merchantId)) ?? '' },
      trader: order.traderId ? { id: order.traderId, name: (await nameOf(db, 'trader', order.traderId)) ?? '' } : null,
      bankAccount: bank ?? null,
    },
    reasons,
    proofs: [],
    evidence: withDuplicates(await findDuplicateProofs(db, order.id, [...new Set(evidenceHashes)])),
    timeline,
    conversation,
    rulings: [
      { ruling: 'complete', label: 'Complete (buyer paid)', effect: 'COMPLETED: the escrowed USDT settles to the merchant, less the fee to the platform.' },
      { ruling: 'fail', label: 'Fail (buyer did not pay)', effect: "FAILED: the escrowed USDT goes back to the trader's available balance." },
    ],
  };
}
