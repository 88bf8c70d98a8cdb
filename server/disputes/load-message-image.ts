import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { disputeMessageFiles, disputeMessages } from '../../db/schema';
import { DomainError } from '../errors';
import { conversationOrder, type ConversationActor, type ConversationRef } from './conversation-party';

interface LoadMessageImageOptions {
  actor: ConversationActor;
  ref: ConversationRef | null;
  fileId: string;
}

/**
 * A conversation image's bytes, for a party of its order only (the same reach as the messages): an
 * image of another order, a malformed id and a missing one are all NOT_FOUND.
 */
export async function loadMessageImage(db: Executor, { actor, ref, fileId }: LoadMessageImageOptions): Promise<{ contentType: string; data: Uint8Array }> {
  if (!z.uuid().safeParse(fileId).success) throw new DomainError('NOT_FOUND', 'No such image.');
  const order = await conversationOrder(db, { actor, ref });
  const [image] = await db
    .select({ contentType: disputeMessageFiles.contentType, data: disputeMessageFiles.data })
    .from(disputeMessageFiles)
    .innerJoin(disputeMessages, eq(disputeMessages.id, disputeMessageFiles.messageId))
    .where(and(eq(disputeMessageFiles.id, fileId), eq(disputeMessages.flow, order.flow), eq(disputeMessages.orderId, order.orderId)));
  if (!image) throw new DomainError('NOT_FOUND', 'No such image.');
  return image;
}
