import { z } from 'zod';
import { MAX_PROOF_BYTES } from '../../common/proof-limits';
import { disputeFlow } from '../orders/order-ref';
import { evidenceStatement, MAX_EVIDENCE_IMAGES } from './dispute-evidence.schema';

/** Base64 of at most MAX_PROOF_BYTES: 4 characters per 3 bytes, padding included. */
const MAX_IMAGE_BASE64 = Math.ceil(MAX_PROOF_BYTES / 3) * 4;

export const traderOrderRef = z.object({ flow: disputeFlow, orderId: z.uuid({ error: 'must be an order id' }) }).strict();

/**
 * The trader dashboard's evidence form (docs/trader-guide.md, "Disputes"): a statement, up to 3
 * images as base64 (the dashboard speaks JSON), or both; the images follow the proof rules.
 */
export const traderEvidenceInput = z
  .object({
    flow: disputeFlow,
    orderId: z.uuid({ error: 'must be an order id' }),
    statement: evidenceStatement.optional(),
    images: z
      .array(z.base64({ error: 'must be an image' }).max(MAX_IMAGE_BASE64, { error: 'each image must be at most 5 MB' }))
      .max(MAX_EVIDENCE_IMAGES, { error: `at most ${MAX_EVIDENCE_IMAGES} images` })
      .default([]),
  })
  .strict();
