import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, id, instant, money6 } from './columns';
import type { EvidenceFlow, EvidenceParty } from './dispute-evidence';

/**
 * What the parties of a disputed order say to each other (docs/operator-guide.md, "Conversation"):
 * a text and/or up to three images in `dispute_message_files`. Every message is part of the case's
 * timeline: nothing is edited or deleted. `authorId` is the merchant, trader or operator id, null
 * for the buyer (who has only the checkout link).
 */
export const disputeMessages = pgTable(
  'dispute_messages',
  {
    id: id(),
    flow: text('flow').$type<EvidenceFlow>().notNull(),
    orderId: uuid('order_id').notNull(),
    party: text('party').$type<EvidenceParty>().notNull(),
    authorId: text('author_id'),
    body: text('body'),
    // A message the system writes when a party proposes, accepts or declines a settlement.
    agreementId: uuid('agreement_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('dispute_messages_order_idx').on(t.flow, t.orderId, t.createdAt),
    check('dispute_messages_flow_check', sql`${t.flow} in ('payout', 'payin')`),
    check('dispute_messages_party_check', sql`${t.party} in ('merchant', 'buyer', 'trader', 'operator')`),
  ],
);

/** Images of one message: re-encoded bytes plus the original's SHA-256, as proofs and evidence. */
export const disputeMessageFiles = pgTable(
  'dispute_message_files',
  {
    id: id(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => disputeMessages.id),
    position: integer('position').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width'),
    height: integer('height'),
    originalSha256: text('original_sha256').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('dispute_message_files_position_key').on(t.messageId, t.position),
    check('dispute_message_files_position_check', sql`${t.position} between 1 and 3`),
    check('dispute_message_files_type_check', sql`${t.contentType} in ('image/jpeg', 'image/png', 'image/webp')`),
  ],
);

/** How far each party has read an order's conversation: one row per party, moved forward only. */
export const disputeConversationReads = pgTable(
  'dispute_conversation_reads',
  {
    flow: text('flow').$type<EvidenceFlow>().notNull(),
    orderId: uuid('order_id').notNull(),
    party: text('party').$type<EvidenceParty>().notNull(),
    readAt: instant('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.flow, t.orderId, t.party] })],
);

export type AgreementStatus = 'open' | 'accepted' | 'declined' | 'withdrawn';
export type AgreementOutcome = 'release' | 'cancel' | 'split';

/**
 * A settlement one party proposes to the other (docs/operator-guide.md, "Settlements between the
 * parties"): release, cancel, or split with an exact amount (the same amount a split ruling takes).
 * Accepted, it is applied as a ruling with reason parties_agreed, or becomes a four-eyes proposal
 * (`rulingProposalId`) above the threshold. At most one open per order.
 */
export const disputeAgreements = pgTable(
  'dispute_agreements',
  {
    id: id(),
    flow: text('flow').$type<EvidenceFlow>().notNull(),
    orderId: uuid('order_id').notNull(),
    outcome: text('outcome').$type<AgreementOutcome>().notNull(),
    // For a split: the USDT going to the trader (payout) or to the merchant (pay-in).
    splitAmount: money6('split_amount'),
    proposedByParty: text('proposed_by_party').$type<EvidenceParty>().notNull(),
    proposedById: text('proposed_by_id'),
    status: text('status').$type<AgreementStatus>().notNull().default('open'),
    decidedByParty: text('decided_by_party').$type<EvidenceParty>(),
    decidedAt: instant('decided_at'),
    rulingProposalId: uuid('ruling_proposal_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('dispute_agreements_order_idx').on(t.flow, t.orderId, t.createdAt),
    uniqueIndex('dispute_agreements_open_key').on(t.flow, t.orderId).where(sql`${t.status} = 'open'`),
    check('dispute_agreements_status_check', sql`${t.status} in ('open', 'accepted', 'declined', 'withdrawn')`),
    check('dispute_agreements_outcome_check', sql`${t.outcome} in ('release', 'cancel', 'split')`),
    check('dispute_agreements_split_check', sql`(${t.outcome} = 'split') = (${t.splitAmount} is not null)`),
  ],
);
