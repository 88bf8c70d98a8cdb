import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, id } from './columns';

export type EvidenceFlow = 'payout' | 'payin';
export type EvidenceParty = 'merchant' | 'buyer' | 'trader' | 'operator';

/**
 * What a party adds to a disputed (or about to be disputed) order: an optional statement and up to
 * three images in `dispute_evidence_files`. `orderId` points at payout_orders or payin_orders as
 * `flow` says; `authorId` is the user, API key owner or buyer token that added it.
 */
export const disputeEvidence = pgTable(
  'dispute_evidence',
  {
    id: id(),
    flow: text('flow').$type<EvidenceFlow>().notNull(),
    orderId: uuid('order_id').notNull(),
    party: text('party').$type<EvidenceParty>().notNull(),
    authorId: text('author_id'),
    statement: text('statement'),
    // An operator's internal note: shown to operators only, never to a party or in an event.
    internal: boolean('internal').notNull().default(false),
    // The operator's request this evidence answers (dispute_evidence_requests), if any.
    requestId: uuid('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('dispute_evidence_order_idx').on(t.flow, t.orderId, t.createdAt),
    check('dispute_evidence_flow_check', sql`${t.flow} in ('payout', 'payin')`),
    check('dispute_evidence_party_check', sql`${t.party} in ('merchant', 'buyer', 'trader', 'operator')`),
  ],
);

/** Images attached to one piece of evidence: re-encoded bytes plus the original's SHA-256, as proofs. */
export const disputeEvidenceFiles = pgTable(
  'dispute_evidence_files',
  {
    id: id(),
    evidenceId: uuid('evidence_id')
      .notNull()
      .references(() => disputeEvidence.id),
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
    uniqueIndex('dispute_evidence_files_position_key').on(t.evidenceId, t.position),
    index('dispute_evidence_files_sha256_idx').on(t.originalSha256),
    check('dispute_evidence_files_position_check', sql`${t.position} between 1 and 3`),
    check('dispute_evidence_files_type_check', sql`${t.contentType} in ('image/jpeg', 'image/png', 'image/webp')`),
  ],
);
