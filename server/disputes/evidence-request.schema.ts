import { z } from 'zod';
import { disputeFlow } from '../orders/order-ref';

// Evidence requests (docs/operator-guide.md, "Evidence"): an operator asks one party of a dispute
// for more, with a message and a deadline shown to that party until it answers.

const MAX_REQUEST_MESSAGE = 1000;
/** A request is due within a week at most: a dispute is meant to be ruled within days. */
const MAX_REQUEST_HOURS = 7 * 24;

const requestedParty = z.enum(['merchant', 'buyer', 'trader'], { error: 'must be merchant, buyer or trader' });
export type RequestedParty = z.infer<typeof requestedParty>;

export const requestEvidenceInput = z
  .object({
    flow: disputeFlow,
    orderId: z.uuid(),
    party: requestedParty,
    message: z
      .string()
      .trim()
      .min(1, { error: 'say what you need from the party' })
      .max(MAX_REQUEST_MESSAGE, { error: `must be at most ${MAX_REQUEST_MESSAGE} characters` }),
    dueInHours: z
      .number()
      .int({ error: 'must be a whole number of hours' })
      .min(1, { error: `must be 1 to ${MAX_REQUEST_HOURS} hours` })
      .max(MAX_REQUEST_HOURS, { error: `must be 1 to ${MAX_REQUEST_HOURS} hours` })
      // Left out: the party's deadline from the platform settings (docs/operator-guide.md, "Deadlines").
      .optional(),
  })
  .strict();

export const evidenceRequestIdInput = z.object({ requestId: z.uuid() }).strict();

const timestamp = z.iso.datetime().describe('ISO 8601 UTC with milliseconds');

/** An open request as the party asked sees it (the merchant API's evidence list carries these). */
export const openEvidenceRequestView = z.object({
  id: z.uuid(),
  message: z.string().describe("what the operator needs from you"),
  dueAt: timestamp.describe('answer by then: add evidence (a statement, images or both)'),
  createdAt: timestamp,
});
export type OpenEvidenceRequestView = z.output<typeof openEvidenceRequestView>;

/** The merchant console's order page asking for its open requests. */
export const evidenceRequestsPageInput = z.object({ flow: disputeFlow, reference: z.string().trim().min(1).max(64) }).strict();
