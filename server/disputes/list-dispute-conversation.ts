import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { disputeAgreements, disputeConversationReads, disputeMessageFiles, disputeMessages, merchants, traders, users } from '../../db/schema';
import { fmt6, isoMs, isoMsOrNull } from '../money/format';
import type { ConversationRef } from './conversation-party';
import type { ConversationParty, MessageView, SettlementView } from './conversation.schema';
import { rulingOf } from './settlement-parties';

/** The newest messages a view shows; a conversation is held to 10 messages a minute per party. */
const MESSAGE_LIMIT = 500;

export interface DisputeConversation {
  messages: MessageView[];
  settlements: SettlementView[];
  /** When each party last read the conversation. */
  reads: { party: ConversationParty; readAt: string }[];
  /** Whether older messages than the first shown exist. */
  truncated: boolean;
}

async function authorNames(db: Executor, rows: { party: string; authorId: string | null }[]): Promise<Map<string, string>> {
  const uuid = /^[0-9a-f-]{36}$/i;
  const idsOf = (party: string) => [...new Set(rows.filter((row) => row.party === party && row.authorId && uuid.test(row.authorId)).map((row) => row.authorId as string))];
  const names = new Map<string, string>();
  const [merchantIds, traderIds, operatorIds] = [idsOf('merchant'), idsOf('trader'), idsOf('operator')];
  if (merchantIds.length) for (const row of await db.select({ id: merchants.id, name: merchants.name }).from(merchants).where(inArray(merchants.id, merchantIds))) names.set(row.id, row.name);
  if (traderIds.length) for (const row of await db.select({ id: traders.id, name: traders.name }).from(traders).where(inArray(traders.id, traderIds))) names.set(row.id, row.name);
  if (operatorIds.length) for (const row of await db.select({ id: users.id, name: users.displayName }).from(users).where(inArray(users.id, operatorIds))) names.set(row.id, row.name);
  return names;
}

/**
 * An order's conversation as a party or the operator sees it: every message oldest first with its
 * images' metadata and who has read past it, every settlement proposed, and the read marks. Authors'
 * names are for the operator's case only (`withNames`): the parties see sides, not names.
 */
export async function listDisputeConversation(db: Executor, ref: ConversationRef, options: { withNames?: boolean } = {}): Promise<DisputeConversation> {
  const where = and(eq(disputeMessages.flow, ref.flow), eq(disputeMessages.orderId, ref.orderId));
  const newest = await db
    .select()
    .from(disputeMessages)
    .where(where)
    .orderBy(asc(disputeMessages.createdAt), asc(disputeMessages.id))
    .limit(MESSAGE_LIMIT + 1);
  // Kept simple: a conversation past the limit shows its first MESSAGE_LIMIT; the rate keeps it rare.
  const truncated = newest.length > MESSAGE_LIMIT;
  const rows = newest.slice(0, MESSAGE_LIMIT);
  const files = rows.length
    ? await db
        .select({
          id: disputeMessageFiles.id,
          messageId: disputeMessageFiles.messageId,
          position: disputeMessageFiles.position,
          contentType: disputeMessageFiles.contentType,
          byteSize: disputeMessageFiles.byteSize,
          width: disputeMessageFiles.width,
          height: disputeMessageFiles.height,
          sha256: disputeMessageFiles.originalSha256,
        })
        .from(disputeMessageFiles)
        .where(
          inArray(
            disputeMessageFiles.messageId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(disputeMessageFiles.position))
    : [];
  const reads = await db
    .select({ party: disputeConversationReads.party, readAt: disputeConversationReads.readAt })
    .from(disputeConversationReads)
    .where(and(eq(disputeConversationReads.flow, ref.flow), eq(disputeConversationReads.orderId, ref.orderId)));
  const agreements = await db
    .select()
    .from(disputeAgreements)
    .where(and(eq(disputeAgreements.flow, ref.flow), eq(disputeAgreements.orderId, ref.orderId)))
    .orderBy(asc(disputeAgreements.createdAt));
  const names = options.withNames ? await authorNames(db, rows) : new Map<string, string>();

  return {
    messages: rows.map((row) => ({
      id: row.id,
      party: row.party,
      authorName: row.authorId && row.agreementId === null ? (names.get(row.authorId) ?? null) : null,
      body: row.body,
      agreementId: row.agreementId,
      files: files
        .filter((file) => file.messageId === row.id)
        .map(({ messageId: _messageId, ...file }) => ({ ...file, contentType: file.contentType as MessageView['files'][number]['contentType'] })),
      readBy: reads.filter((read) => read.party !== row.party && read.readAt.getTime() >= row.createdAt.getTime()).map((read) => read.party),
      createdAt: isoMs(row.createdAt),
    })),
    settlements: agreements.map((row) => ({
      id: row.id,
      outcome: row.outcome,
      ruling: rulingOf(row.flow, row.outcome),
      splitAmount: row.splitAmount === null ? null : fmt6(row.splitAmount),
      proposedBy: row.proposedByParty,
      status: row.status,
      decidedBy: row.decidedByParty,
      decidedAt: isoMsOrNull(row.decidedAt),
      rulingProposalId: row.rulingProposalId,
      createdAt: isoMs(row.createdAt),
    })),
    reads: reads.map((read) => ({ party: read.party, readAt: isoMs(read.readAt) })),
    truncated,
  };
}
