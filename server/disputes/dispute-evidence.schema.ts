import { z } from 'zod';
import { MAX_PROOFS } from '../../common/proof-limits';
import { openEvidenceRequestView } from './evidence-request.schema';

// Dispute evidence (docs/api.md, "Add dispute evidence"): what a party adds to an order that is
// disputed or about to be. The views are typed by these schemas and the OpenAPI document is
// generated from them.

export const MAX_EVIDENCE_STATEMENT = 2000;
/** Images one party may attach to one order, over all its evidence items. */
export const MAX_EVIDENCE_IMAGES = MAX_PROOFS;

const evidenceParty = z.enum(['merchant', 'buyer', 'trader', 'operator']);
export type EvidenceParty = z.infer<typeof evidenceParty>;

const notBlank = (value: string) => value.trim().length > 0;

/** Several lines are fine (tab, line feed and carriage return pass the control-character rule). */
export const evidenceStatement = z
  .string()
  .min(1, { error: `must be 1 to ${MAX_EVIDENCE_STATEMENT} characters` })
  .max(MAX_EVIDENCE_STATEMENT, { error: `must be 1 to ${MAX_EVIDENCE_STATEMENT} characters` })
  .refine(notBlank, { error: 'must not be blank' });

/** The text fields of an evidence upload; the images travel beside them as bytes. */
export const addDisputeEvidenceInput = z
  .object({
    flow: z.enum(['payout', 'payin']),
    orderId: z.uuid(),
    party: evidenceParty,
    /** The merchant, trader, operator or buyer token that added it. */
    authorId: z.string().min(1).max(200).nullable(),
    statement: evidenceStatement.optional(),
  })
  .strict();
export type AddDisputeEvidenceInput = z.input<typeof addDisputeEvidenceInput>;

const timestamp = z.iso.datetime().describe('ISO 8601 UTC with milliseconds');

export const evidenceFileView = z.object({
  id: z.uuid(),
  position: z.number().int().min(1).max(MAX_EVIDENCE_IMAGES).describe('1 to 3, in the order the images were sent'),
  contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']).describe('of the stored image (re-encoded, same type as sent)'),
  byteSize: z.number().int().describe('of the stored, re-encoded image'),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/).describe('SHA-256 of the bytes as uploaded, before re-encoding'),
  createdAt: timestamp,
});

export const evidenceItemView = z.object({
  id: z.uuid(),
  party: evidenceParty.describe('who added it: merchant for everything this API adds'),
  statement: z.string().nullable().describe('as sent; null when only images were sent'),
  files: z.array(evidenceFileView).describe('metadata only: the images are shown to the operator who arbitrates'),
  createdAt: timestamp,
});
export type EvidenceItemView = z.output<typeof evidenceItemView>;

export const evidenceListResponse = z.object({
  items: z.array(evidenceItemView).describe('Oldest first.'),
  imagesRemaining: z.number().int().min(0).max(MAX_EVIDENCE_IMAGES).describe('how many more images you may attach to this order'),
  openRequests: z
    .array(openEvidenceRequestView)
    .describe('What the operator arbitrating the dispute asks of you, oldest first; adding evidence answers them all. Empty unless the payout is DISPUTED.'),
});
export type EvidenceListResponse = z.output<typeof evidenceListResponse>;

/**
 * The states in which evidence may be added: while the merchant decides (so a statement can go in
 * just before DISPUTE) and while the dispute is open. Afterwards the case is closed.
 */
export const EVIDENCE_STATES = {
  payout: ['PAYMENT_SUBMITTED', 'DISPUTED'],
  payin: ['PAYMENT_SUBMITTED', 'DISPUTED'],
} as const satisfies Record<'payout' | 'payin', readonly string[]>;
