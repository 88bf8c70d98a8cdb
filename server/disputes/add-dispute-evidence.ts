import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { disputeEvidence, disputeEvidenceFiles } from '../../db/schema';
import { recordAudit } from '../audit';
import { DomainError } from '../errors';
import { isoMs } from '../money/format';
import { prepareImages } from '../images/prepare-images';
import { parseInput } from '../validation/parse-input';
import { countEvidenceImages } from './count-evidence-images';
import { fulfilEvidenceRequests } from './fulfil-evidence-requests';
import { orderTableOf } from '../orders/order-ref';
import {
  addDisputeEvidenceInput,
  EVIDENCE_STATES,
  MAX_EVIDENCE_IMAGES,
  type AddDisputeEvidenceInput,
  type EvidenceItemView,
  type EvidenceParty,
} from './dispute-evidence.schema';

export interface AddDisputeEvidenceOptions extends AddDisputeEvidenceInput {
  /** The uploaded images as sent (0 to 3), checked and re-encoded like proofs. */
  files: readonly Uint8Array[];
  /** Which orders the author may touch; another's order does not exist for them. */
  scope?: { merchantId?: string; traderId?: string };
  ip?: string | null;
  now?: Date;
}

const IMAGES_FIELD = { name: 'images', label: 'Image' };

const auditActorOf: Record<EvidenceParty, 'merchant' | 'trader' | 'operator' | 'system'> = {
  merchant: 'merchant',
  trader: 'trader',
  operator: 'operator',
  // The audit log has no buyer actor; details.party says who it was.
  buyer: 'system',
};

function tooManyImages(already: number, adding: number): DomainError {
  const left = Math.max(0, MAX_EVIDENCE_IMAGES - already);
  return new DomainError('VALIDATION_FAILED', `At most ${MAX_EVIDENCE_IMAGES} images per order in all; ${already} already attached.`, {
    details: [{ path: 'images', message: `at most ${MAX_EVIDENCE_IMAGES} images per order in all: ${left} more allowed, ${adding} sent` }],
  });
}

/**
 * One party adds a statement and/or up to 3 images to an order that is disputed or about to be
 * (EVIDENCE_STATES). The images follow the proof rules (type by content, 5 MB, 40 megapixels,
 * re-encoded; the original's SHA-256 kept). A party has at most 3 images per order over all its
 * items: the count is taken on the locked order row, so two uploads at once cannot make 4. The
 * item, its images and the audit row are one transaction; a refusal changes nothing.
 */
export async function addDisputeEvidence(db: Db, options: AddDisputeEvidenceOptions): Promise<EvidenceItemView> {
  const { files, scope, ip, now = new Date(), ...fields } = options;
  // The bytes are not text: they skip the control-character walk parseInput gives every field.
  const input = parseInput(addDisputeEvidenceInput, fields);
  const statement = input.statement ?? null;
  if (statement === null && files.length === 0) {
    throw new DomainError('VALIDATION_FAILED', 'Send a statement, images, or both.', {
      details: [{ path: 'statement', message: 'send a statement, 1 to 3 images, or both' }],
    });
  }
  if (files.length > MAX_EVIDENCE_IMAGES) throw tooManyImages(0, files.length);
  const subject = { flow: input.flow, orderId: input.orderId, party: input.party };
  // Before any decoding: an upload that cannot fit costs a count, not seconds of image work.
  if (files.length > 0) {
    const already = await countEvidenceImages(db, subject);
    if (already + files.length > MAX_EVIDENCE_IMAGES) throw tooManyImages(already, files.length);
  }
  const images = files.length > 0 ? await prepareImages(files, IMAGES_FIELD) : [];

  return retryTransaction(db, async (tx) => {
    const table = orderTableOf(input.flow);
    const conditions: SQL[] = [eq(table.id, input.orderId)];
    if (scope?.merchantId) conditions.push(eq(table.merchantId, scope.merchantId));
    if (scope?.traderId) conditions.push(eq(table.traderId, scope.traderId));
    // The order row's lock serialises every evidence upload (and state change) of the order.
    const [order] = await tx
      .select({ status: table.status, orderNo: table.orderNo })
      .from(table)
      .where(and(...conditions))
      .for('update');
    if (!order) throw new DomainError('ORDER_NOT_FOUND', 'Order not found.');
    const allowed: readonly string[] = EVIDENCE_STATES[input.flow];
    if (!allowed.includes(order.status)) {
      throw new DomainError('INVALID_ORDER_STATE', `The order is ${order.status}; evidence can be added while it is ${allowed.join(' or ')}.`, {
        meta: { status: order.status },
      });
    }
    if (images.length > 0) {
      const already = await countEvidenceImages(tx, subject);
      if (already + images.length > MAX_EVIDENCE_IMAGES) throw tooManyImages(already, images.length);
    }

    const [item] = await tx
      .insert(disputeEvidence)
      .values({ flow: input.flow, orderId: input.orderId, party: input.party, authorId: input.authorId, statement, createdAt: now })
      .returning();
    if (!item) throw new Error('dispute evidence insert returned no row');
    const stored =
      images.length > 0
        ? await tx
            .insert(disputeEvidenceFiles)
            .values(
              images.map((image, index) => ({ evidenceId: item.id, position: index + 1, ...image, createdAt: now })),
            )
            .returning({
              id: disputeEvidenceFiles.id,
              position: disputeEvidenceFiles.position,
              byteSize: disputeEvidenceFiles.byteSize,
              width: disputeEvidenceFiles.width,
              height: disputeEvidenceFiles.height,
              sha256: disputeEvidenceFiles.originalSha256,
            })
        : [];

    // Evidence from the party answers the operator's open requests to it (docs/operator-guide.md, "Evidence").
    const answered = await fulfilEvidenceRequests(tx, { flow: input.flow, orderId: input.orderId, party: input.party, evidenceId: item.id, now });

    await recordAudit(tx, {
      actorType: auditActorOf[input.party],
      actorId: input.authorId,
      ip: ip ?? null,
      action: 'dispute.evidence_added',
      targetType: input.flow,
      targetId: input.orderId,
      // The statement itself stays in dispute_evidence; the log says what was added, not its text.
      details: {
        orderNo: order.orderNo,
        status: order.status,
        party: input.party,
        evidenceId: item.id,
        statementLength: statement?.length ?? 0,
        images: stored.map((file) => file.sha256),
        ...(answered.length > 0 ? { answeredRequests: answered } : {}),
      },
    });

    return {
      id: item.id,
      party: item.party,
      statement: item.statement,
      createdAt: isoMs(item.createdAt),
      files: stored
        .sort((a, b) => a.position - b.position)
        .map((file) => ({ ...file, contentType: images[file.position - 1]!.contentType, createdAt: isoMs(now) })),
    };
  });
}
