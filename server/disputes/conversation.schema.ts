import { z } from 'zod';
import { MAX_MESSAGE_LENGTH } from '../../common/conversation-limits';
import { MAX_PROOF_BYTES, MAX_PROOFS } from '../../common/proof-limits';
import { disputeFlow } from '../orders/order-ref';

// A dispute's conversation (docs/operator-guide.md, "Conversation"): what the parties say to each
// other while the order is DISPUTED, and the settlements they propose. The views are typed by these
// schemas.

/** Images in one message (each through the proof rules). */
export const MAX_MESSAGE_IMAGES = MAX_PROOFS;
/** Messages one party may send in one conversation per minute. */
export const MESSAGES_PER_MINUTE = 10;

export type ConversationParty = 'merchant' | 'buyer' | 'trader' | 'operator';

const notBlank = (value: string) => value.trim().length > 0;

const messageBody = z
  .string()
  .min(1, { error: `must be 1 to ${MAX_MESSAGE_LENGTH} characters` })
  .max(MAX_MESSAGE_LENGTH, { error: `must be 1 to ${MAX_MESSAGE_LENGTH} characters` })
  .refine(notBlank, { error: 'must not be blank' });

/** The text of a message; its images travel beside it as bytes. */
export const postMessageInput = z.object({ body: messageBody.optional() }).strict();

const settlementOutcome = z.enum(['release', 'cancel', 'split']);
export type SettlementOutcome = z.infer<typeof settlementOutcome>;

/** A split's amount is checked against the locked order (SPLIT_AMOUNT_INVALID), as a split ruling's. */
export const proposeSettlementInput = z.object({ outcome: settlementOutcome, splitAmount: z.string().max(40).nullish() }).strict();
export type ProposeSettlementInput = z.input<typeof proposeSettlementInput>;

export const answerSettlementInput = z.object({ agreementId: z.uuid(), answer: z.enum(['accept', 'decline', 'withdraw']) }).strict();
export type AnswerSettlementInput = z.input<typeof answerSettlementInput>;

export type ConversationFlowRuling = 'release' | 'refund' | 'complete' | 'fail' | 'split';

// The views are written as types: they are answers the server builds, never input it parses.

export interface MessageView {
  id: string;
  party: ConversationParty;
  /** The merchant's, trader's or operator's name for the operator's case; null for the parties' views, the buyer and settlement notices. */
  authorName: string | null;
  body: string | null;
  /** Set on the notices written when a settlement is proposed or answered. */
  agreementId: string | null;
  files: { id: string; position: number; contentType: 'image/jpeg' | 'image/png' | 'image/webp'; byteSize: number; width: number | null; height: number | null; sha256: string }[];
  /** The other parties who have read the conversation past this message. */
  readBy: ConversationParty[];
  createdAt: string;
}

export interface SettlementView {
  id: string;
  outcome: SettlementOutcome;
  /** What the order's flow calls the ruling it applies (payout: release, refund, split; pay-in: complete, fail, split). */
  ruling: ConversationFlowRuling;
  splitAmount: string | null;
  proposedBy: ConversationParty;
  status: 'open' | 'accepted' | 'declined' | 'withdrawn';
  decidedBy: ConversationParty | null;
  decidedAt: string | null;
  /** Set when the accepted settlement was above the four-eyes threshold and waits for operators. */
  rulingProposalId: string | null;
  createdAt: string;
}

// The pages' inputs (they speak JSON: images travel as base64 and are decoded by the transport).

/** Base64 of at most MAX_PROOF_BYTES: 4 characters per 3 bytes, padding included. */
const MAX_IMAGE_BASE64 = Math.ceil(MAX_PROOF_BYTES / 3) * 4;

const orderRef = { flow: disputeFlow, orderId: z.uuid({ error: 'must be an order id' }) };

export const conversationRefInput = z.object(orderRef).strict();

const messageForm = {
  body: messageBody.optional(),
  images: z
    .array(z.base64({ error: 'must be an image' }).max(MAX_IMAGE_BASE64, { error: 'each image must be at most 5 MB' }))
    .max(MAX_MESSAGE_IMAGES, { error: `at most ${MAX_MESSAGE_IMAGES} images` })
    .default([]),
};
const settlementForm = { outcome: settlementOutcome, splitAmount: z.string().max(40).nullish() };
const answerForm = { agreementId: z.uuid(), answer: z.enum(['accept', 'decline', 'withdraw']) };
const imageForm = { fileId: z.uuid({ error: 'must be an image id' }) };

/** The dashboards' and consoles' forms name the order; the checkout's order is its link's. */
export const conversationForms = {
  message: z.object({ ...orderRef, ...messageForm }).strict(),
  propose: z.object({ ...orderRef, ...settlementForm }).strict(),
  answer: z.object({ ...orderRef, ...answerForm }).strict(),
  image: z.object({ ...orderRef, ...imageForm }).strict(),
};
// Not strict: tRPC hands these parsers the whole input, the checkout token included.
export const checkoutConversationForms = {
  message: z.object(messageForm),
  propose: z.object(settlementForm),
  answer: z.object(answerForm),
  image: z.object(imageForm),
};

/** The images of a page's message as bytes. */
export const imageBytes = (images: readonly string[]) => images.map((image) => new Uint8Array(Buffer.from(image, 'base64')));
