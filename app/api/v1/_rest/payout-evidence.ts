import { z } from 'zod';
import { addDisputeEvidence } from '../../../../server/disputes/add-dispute-evidence';
import { checkPayoutEvidenceTarget } from '../../../../server/disputes/check-evidence-target';
import { evidenceItemView, evidenceListResponse, MAX_EVIDENCE_IMAGES, MAX_EVIDENCE_STATEMENT } from '../../../../server/disputes/dispute-evidence.schema';
import { listMerchantPayoutEvidence } from '../../../../server/disputes/list-merchant-payout-evidence';
import { DomainError } from '../../../../server/errors';
import { orderReference } from './order-reference';
import { defineRoute } from './route-definition';

/** Three images of at most 5 MB each, the statement and the multipart framing. */
const EVIDENCE_UPLOAD_BYTES = 3 * 5 * 1024 * 1024 + 64 * 1024;

const FIELDS = new Set(['statement', 'images']);

function refuseField(path: string, message: string): never {
  throw new DomainError('VALIDATION_FAILED', 'The evidence upload is not valid.', { details: [{ path, message }] });
}

/** The form's statement (text, once at most) and images (files, in order); any other field is refused. */
async function readEvidenceForm(request: Request, body: Uint8Array): Promise<{ statement: string | undefined; files: Uint8Array[] }> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send the evidence as multipart/form-data: a "statement" field, "images" files, or both.');
  }
  let form: FormData;
  try {
    form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new DomainError('VALIDATION_FAILED', 'The multipart body could not be read.');
  }
  for (const name of new Set(form.keys())) {
    if (!FIELDS.has(name)) refuseField(name, 'unknown field: send "statement" and "images" only');
  }
  const statements = form.getAll('statement');
  if (statements.length > 1) refuseField('statement', 'send one statement');
  const [statement] = statements;
  if (statement !== undefined && typeof statement !== 'string') refuseField('statement', 'must be a text field, not a file');
  const files = await Promise.all(
    form.getAll('images').map(async (entry) => (typeof entry === 'string' ? new TextEncoder().encode(entry) : new Uint8Array(await entry.arrayBuffer()))),
  );
  // Multipart encoders turn every line break of a text field into CRLF (the HTML form rules), so
  // one statement would arrive differently from curl and from a browser: keep plain line feeds.
  return { statement: statement?.replace(/\r\n/g, '\n'), files };
}

/**
 * POST /api/v1/withdrawals/:orderNo/evidence (docs/api.md, "Add dispute evidence"). Like a proof
 * upload, the order is checked (yours, PAYMENT_SUBMITTED or DISPUTED) before the multipart body is
 * parsed or any image decoded (docs/security.md, "Uploads"), so the route reads its body itself.
 */
export const addPayoutEvidence = defineRoute({
  operationId: 'addPayoutEvidence',
  method: 'POST',
  path: 'withdrawals/:orderNo/evidence',
  auth: 'merchant',
  scopes: ['payouts:write'],
  tag: 'Payouts',
  summary: 'Add dispute evidence to a payout',
  description: `A statement (1 to ${MAX_EVIDENCE_STATEMENT} characters), 1 to 3 images (JPEG, PNG or WebP by content, at most 5 MB and 40 megapixels each), or both, for the operator who arbitrates. Allowed while the payout is PAYMENT_SUBMITTED or DISPUTED; at most ${MAX_EVIDENCE_IMAGES} images per payout over all your evidence. The order is checked before any image is read; a server busy decoding other uploads answers 503 SERVER_BUSY with Retry-After.`,
  params: z.object({ orderNo: orderReference }),
  body: {
    kind: 'multipart',
    description: 'A `statement` text field, `images` files, or both.',
    schema: {
      type: 'object',
      properties: {
        statement: { type: 'string', minLength: 1, maxLength: MAX_EVIDENCE_STATEMENT, description: 'What happened, for the operator; no control characters except tab and line breaks.' },
        images: {
          type: 'array',
          minItems: 1,
          maxItems: MAX_EVIDENCE_IMAGES,
          items: { type: 'string', contentMediaType: 'application/octet-stream' },
          description: `JPEG, PNG or WebP, at most 5 MB and 40 megapixels each; at most ${MAX_EVIDENCE_IMAGES} per payout in all.`,
        },
      },
    },
  },
  maxBodyBytes: EVIDENCE_UPLOAD_BYTES,
  success: { status: 201, schema: evidenceItemView, description: 'The evidence item, as stored' },
  errors: ['ORDER_NOT_FOUND', 'INVALID_ORDER_STATE', 'UNSUPPORTED_MEDIA_TYPE', 'SERVER_BUSY'],
  handle: async ({ merchant, params, request, body, db, now }) => {
    const target = await checkPayoutEvidenceTarget(db, { merchantId: merchant.id, reference: params.orderNo });
    const { statement, files } = await readEvidenceForm(request, body);
    const item = await addDisputeEvidence(db, {
      flow: 'payout',
      orderId: target.orderId,
      party: 'merchant',
      authorId: merchant.id,
      statement,
      files,
      scope: { merchantId: merchant.id },
      now,
    });
    return { body: item };
  },
});

/** GET /api/v1/withdrawals/:orderNo/evidence (docs/api.md, "List your dispute evidence"). */
export const listPayoutEvidence = defineRoute({
  operationId: 'listPayoutEvidence',
  method: 'GET',
  path: 'withdrawals/:orderNo/evidence',
  auth: 'merchant',
  scopes: ['payouts:read'],
  tag: 'Payouts',
  summary: 'List your dispute evidence on a payout',
  description: 'The evidence you added, oldest first, with image metadata (never the bytes), and how many more images you may attach.',
  params: z.object({ orderNo: orderReference }),
  success: { status: 200, schema: evidenceListResponse, description: 'Your evidence on this payout' },
  errors: ['ORDER_NOT_FOUND'],
  handle: async ({ merchant, params, db }) => ({ body: await listMerchantPayoutEvidence(db, { merchantId: merchant.id, reference: params.orderNo }) }),
});
