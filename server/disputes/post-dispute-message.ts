import { and, count, eq, gt, min } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { disputeMessageFiles, disputeMessages } from '../../db/schema';
import { recordAudit } from '../audit';
import { DomainError } from '../errors';
import { prepareImages } from '../images/prepare-images';
import { isoMs } from '../money/format';
import { parseInput } from '../validation/parse-input';
import { conversationOrder, requireDisputed, type ConversationActor, type ConversationOrder, type ConversationRef } from './conversation-party';
import { MAX_MESSAGE_IMAGES, MESSAGES_PER_MINUTE, postMessageInput } from './conversation.schema';
import { markConversationRead } from './mark-conversation-read';
import { enqueueAlert, type AlertRecipients } from '../alerts/enqueue-alert';

const IMAGES_FIELD = { name: 'images', label: 'Image' };
const MINUTE_MS = 60_000;

const auditActorOf = { merchant: 'merchant', trader: 'trader', operator: 'operator', buyer: 'system' } as const;

interface PostDisputeMessageOptions {
  body?: string | undefined;
  /** The images as sent (0 to 3), checked and re-encoded like proofs. */
  files?: readonly Uint8Array[];
  ip?: string | null;
  now?: Date;
}

type PostDisputeMessageArgs = PostDisputeMessageOptions & {
  actor: ConversationActor;
  ref: ConversationRef | null;
};

/**
 * A party says something in a disputed order's conversation (docs/operator-guide.md,
 * "Conversation"): a text of 1 to 2000 characters, up to 3 images through the proof rules, or both.
 * At most 10 messages per party per minute, counted on the locked order row. Posting marks the
 * conversation read for its author. The message, its images, the read mark and the audit row are one
 * transaction; a refusal changes nothing.
 */
export async function postDisputeMessage(db: Db, { actor, ref, ...options }: PostDisputeMessageArgs) {
  const { files = [], ip = null, now = new Date() } = options;
  const input = parseInput(postMessageInput, options.body === undefined ? {} : { body: options.body });
  const body = input.body ?? null;
  if (body === null && files.length === 0) {
    throw new DomainError('VALIDATION_FAILED', 'Write a message, attach images, or both.', { details: [{ path: 'body', message: `write 1 to 2000 characters, attach 1 to ${MAX_MESSAGE_IMAGES} images, or both` }] });
  }
  if (files.length > MAX_MESSAGE_IMAGES) {
    throw new DomainError('VALIDATION_FAILED', `At most ${MAX_MESSAGE_IMAGES} images per message.`, { details: [{ path: 'images', message: `at most ${MAX_MESSAGE_IMAGES} images per message, ${files.length} sent` }] });
  }
  // Before any decoding: a message to an order the actor may not reach costs a lookup, not image work.
  requireDisputed(await conversationOrder(db, { actor, ref, now }));
  const images = files.length > 0 ? await prepareImages(files, IMAGES_FIELD) : [];

  return retryTransaction(db, async (tx) => {
    const order = await conversationOrder(tx, { actor, ref, lock: true, now });
    requireDisputed(order);
    const since = new Date(now.getTime() - MINUTE_MS);
    const [recent] = await tx
      .select({ n: count(), oldest: min(disputeMessages.createdAt) })
      .from(disputeMessages)
      .where(and(eq(disputeMessages.flow, order.flow), eq(disputeMessages.orderId, order.orderId), eq(disputeMessages.party, order.party), gt(disputeMessages.createdAt, since)));
    if ((recent?.n ?? 0) >= MESSAGES_PER_MINUTE) {
      // Until the oldest message of the window leaves it.
      const wait = recent?.oldest ? Math.max(1, Math.ceil((recent.oldest.getTime() + MINUTE_MS - now.getTime()) / 1000)) : 60;
      throw new DomainError('DISPUTE_MESSAGE_RATE_LIMITED', `At most ${MESSAGES_PER_MINUTE} messages a minute.`, { meta: { retryAfterSeconds: String(wait) } });
    }

    const [message] = await tx
      .insert(disputeMessages)
      .values({ flow: order.flow, orderId: order.orderId, party: order.party, authorId: order.authorId, body, createdAt: now })
      .returning();
    if (!message) throw new Error('dispute message insert returned no row');
    const stored =
      images.length > 0
        ? await tx
            .insert(disputeMessageFiles)
            .values(
              images.map((image, index) => ({ messageId: message.id, position: index + 1, ...image, createdAt: now })),
            )
            .returning({ id: disputeMessageFiles.id, position: disputeMessageFiles.position, contentType: disputeMessageFiles.contentType, byteSize: disputeMessageFiles.byteSize, width: disputeMessageFiles.width, height: disputeMessageFiles.height, sha256: disputeMessageFiles.originalSha256 })
        : [];
    await markConversationRead(tx, order, now);

    await recordAudit(tx, {
      actorType: auditActorOf[order.party],
      actorId: order.authorId,
      ip,
      action: 'dispute.message_posted',
      targetType: order.flow,
      targetId: order.orderId,
      // The text stays in dispute_messages; the log says what was said, not its words.
      details: { orderNo: order.orderNo, party: order.party, messageId: message.id, bodyLength: body?.length ?? 0, images: stored.map((file) => file.sha256) },
    });
    // The other parties with an account hear of it (docs/alerts.md): never its words, only whose and which order.
    for (const recipients of messageRecipients(order)) {
      await enqueueAlert(tx, { kind: 'dispute_message', recipients, source: `dispute_message:${message.id}`, params: { orderNo: order.orderNo, flow: order.flow, party: order.party }, now });
    }
    return { id: message.id, party: message.party, body: message.body, createdAt: isoMs(message.createdAt), files: stored.sort((a, b) => a.position - b.position) };
  });
}

/** The trader and the merchant's staff, but not the author's side; operators follow cases in their queue. */
function messageRecipients(order: ConversationOrder): AlertRecipients[] {
  const recipients: AlertRecipients[] = [];
  if (order.party !== 'trader' && order.traderId) recipients.push({ traderId: order.traderId });
  if (order.party !== 'merchant') recipients.push({ merchantId: order.merchantId });
  return recipients;
}
