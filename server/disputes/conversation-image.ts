import type { Executor } from '../../db/client';
import type { ConversationActor, ConversationRef } from './conversation-party';
import { loadMessageImage } from './load-message-image';

interface ConversationImageOptions {
  actor: ConversationActor;
  ref: ConversationRef | null;
  fileId: string;
}

/** A conversation image for a page that speaks JSON: its type and base64 bytes, for the party's order only. */
export async function conversationImage(db: Executor, { actor, ref, fileId }: ConversationImageOptions) {
  const image = await loadMessageImage(db, { actor, ref, fileId });
  return { contentType: image.contentType, base64: Buffer.from(image.data).toString('base64') };
}
