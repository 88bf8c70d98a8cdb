import { z } from 'zod';
import { DomainError } from '../../../../server/errors';
import { listTraderPayins } from '../../../../server/payins/list-trader-payins';
import { payinDetailView } from '../../../../server/payins/payin-view';
import { payinDetailResponse } from '../../../../server/payins/payin-view.schema';
import { releasePayin, reportNotReceived } from '../../../../server/payins/release-payin';
import { traderPayinListResponse } from '../../../../server/payins/trader-payin-list.schema';
import { acceptPayout } from '../../../../server/payouts/accept-payout';
import { listOpenTasks } from '../../../../server/payouts/list-open-tasks';
import { openTaskListResponse } from '../../../../server/payouts/open-task-view.schema';
import { payoutDetailView } from '../../../../server/payouts/payout-view';
import { payoutDetailResponse } from '../../../../server/payouts/payout-view.schema';
import { submitPayoutProof } from '../../../../server/payouts/submit-payout-proof';
import { checkProofTarget } from '../../../../server/proofs/proof-target';
import { payinStatuses } from '../../../../server/payins/payin-machine';
import { pageQuery } from '../../../../server/validation/page-query';
import { orderId } from './order-reference';
import { defineRoute } from './route-definition';

const orderParams = z.object({ orderId });

/** Three proof images of at most 5 MB each, plus the multipart framing. */
const PROOF_UPLOAD_BYTES = 3 * 5 * 1024 * 1024 + 64 * 1024;

/** GET /api/v1/trader/tasks: the open payouts this trader can take. */
export const listTraderTasks = defineRoute({
  operationId: 'listTraderTasks',
  method: 'GET',
  path: 'trader/tasks',
  auth: 'trader',
  scopes: [],
  tag: 'Trader API',
  summary: 'List open payout tasks',
  description:
    'Open payouts (PENDING_MATCH) whose CNY amount fits one of your BUY quotes, newest first; no recipient details until you accept. Under scored dispatch, only the tasks offered to you so far; nextOfferAt says when the next one will be.',
  query: pageQuery,
  success: { status: 200, schema: openTaskListResponse, description: 'A page of open tasks' },
  errors: [],
  handle: async ({ traderId, query, db, now }) => ({ body: await listOpenTasks(db, { traderId, page: query, now }) }),
});

/** POST /api/v1/trader/tasks/:orderId/accept: first accept wins. */
export const acceptTraderTask = defineRoute({
  operationId: 'acceptTraderTask',
  method: 'POST',
  path: 'trader/tasks/:orderId/accept',
  auth: 'trader',
  scopes: [],
  tag: 'Trader API',
  summary: 'Take a payout task',
  description:
    'The first accept wins; later ones get 409 INVALID_ORDER_STATE. You then have 30 minutes to pay. ACTION_NOT_ALLOWED while you are offline; PAYOUT_TASK_CAP_REACHED at your cap of open tasks; PAYOUT_NOT_OFFERED for a task not offered to you yet.',
  params: orderParams,
  success: { status: 200, schema: payoutDetailResponse, description: 'The payout, now PENDING_PAYMENT' },
  errors: ['ORDER_NOT_FOUND', 'INVALID_ORDER_STATE', 'ACTION_NOT_ALLOWED', 'PAYOUT_TASK_CAP_REACHED', 'PAYOUT_NOT_OFFERED'],
  handle: async ({ traderId, params, db, now }) => ({ body: payoutDetailView(await acceptPayout(db, { traderId, orderId: params.orderId }, now)) }),
});

/**
 * POST /api/v1/trader/tasks/:orderId/proof: multipart/form-data with 1 to 3 files in `proofs`.
 * The order is checked (this trader's, awaiting proof) before the multipart body is parsed or
 * any image decoded (docs/security.md), so the route reads its body itself.
 */
export const submitTraderProof = defineRoute({
  operationId: 'submitTraderProof',
  method: 'POST',
  path: 'trader/tasks/:orderId/proof',
  auth: 'trader',
  scopes: [],
  tag: 'Trader API',
  summary: 'Upload proof of payment',
  description:
    'One to three images (JPEG, PNG or WebP by content, at most 5 MB and 40 megapixels each) in the field `proofs`; the payout becomes PAYMENT_SUBMITTED. The order is checked before any image is read; a server busy decoding other uploads answers 503 SERVER_BUSY with Retry-After.',
  params: orderParams,
  body: {
    kind: 'multipart',
    description: 'The proof images, in the field `proofs`.',
    schema: {
      type: 'object',
      required: ['proofs'],
      properties: { proofs: { type: 'array', minItems: 1, maxItems: 3, items: { type: 'string', contentMediaType: 'application/octet-stream' } } },
    },
  },
  maxBodyBytes: PROOF_UPLOAD_BYTES,
  success: { status: 200, schema: payoutDetailResponse, description: 'The payout, now PAYMENT_SUBMITTED' },
  errors: ['ORDER_NOT_FOUND', 'INVALID_ORDER_STATE', 'UNSUPPORTED_MEDIA_TYPE', 'SERVER_BUSY'],
  handle: async ({ traderId, params, request, body, db, now }) => {
    await checkProofTarget(db, { traderId, orderId: params.orderId });
    const contentType = request.headers.get('content-type') ?? '';
    if (!/^multipart\/form-data\s*;/i.test(contentType)) {
      throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send the proof images as multipart/form-data in the field "proofs".');
    }
    let form: FormData;
    try {
      form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }).formData();
    } catch {
      throw new DomainError('VALIDATION_FAILED', 'The multipart body could not be read.');
    }
    const files = await Promise.all(
      form.getAll('proofs').map(async (entry) => (typeof entry === 'string' ? new TextEncoder().encode(entry) : new Uint8Array(await entry.arrayBuffer()))),
    );
    return { body: payoutDetailView(await submitPayoutProof(db, { traderId, orderId: params.orderId, files }, now)) };
  },
});

const payinListQuery = pageQuery.extend({
  status: z
    .string()
    .regex(new RegExp(`^(?:${payinStatuses.join('|')})(?:,(?:${payinStatuses.join('|')}))*$`), { error: `must be one or more of ${payinStatuses.join(', ')}, comma-separated` })
    .transform((value) => value.split(','))
    .pipe(z.array(z.enum(payinStatuses)))
    .optional()
    .describe(`One status or a comma-separated list of: ${payinStatuses.join(', ')}.`),
});

/** GET /api/v1/trader/payins: pay-ins matched to this trader (e.g. ?status=PAYMENT_SUBMITTED). */
export const listTraderPayinsRoute = defineRoute({
  operationId: 'listTraderPayins',
  method: 'GET',
  path: 'trader/payins',
  auth: 'trader',
  scopes: [],
  tag: 'Trader API',
  summary: 'List the pay-ins matched to you',
  description: 'Newest first, e.g. ?status=PAYMENT_SUBMITTED for those waiting on your release.',
  query: payinListQuery,
  success: { status: 200, schema: traderPayinListResponse, description: 'A page of pay-ins' },
  errors: [],
  handle: async ({ traderId, query, db }) => ({ body: await listTraderPayins(db, traderId, { ...query, statuses: query.status }) }),
});

/** POST /api/v1/trader/payins/:orderId/release: the CNY arrived; settle the USDT to the merchant. */
export const releaseTraderPayin = defineRoute({
  operationId: 'releaseTraderPayin',
  method: 'POST',
  path: 'trader/payins/:orderId/release',
  auth: 'trader',
  scopes: [],
  tag: 'Trader API',
  summary: 'Release a pay-in: the CNY arrived',
  description: 'The pay-in settles to the merchant (COMPLETED), or ends FAILED for an operator if the settlement cannot post.',
  params: orderParams,
  success: { status: 200, schema: payinDetailResponse, description: 'The pay-in after settlement' },
  errors: ['ORDER_NOT_FOUND', 'INVALID_ORDER_STATE'],
  handle: async ({ traderId, params, db, now }) => ({ body: payinDetailView((await releasePayin(db, { traderId, orderId: params.orderId }, now)).order) }),
});

const notReceivedInput = z.object({ reason: z.string().min(1).max(500).regex(/\S/, { error: 'must not be blank' }).describe('What you saw (or did not) on your account; an operator reads it.') }).strict();

/** POST /api/v1/trader/payins/:orderId/not-received: the CNY never arrived; an operator decides. */
export const reportTraderNotReceived = defineRoute({
  operationId: 'reportTraderPayinNotReceived',
  method: 'POST',
  path: 'trader/payins/:orderId/not-received',
  auth: 'trader',
  scopes: [],
  tag: 'Trader API',
  summary: 'Report that the CNY never arrived',
  description: 'The pay-in goes to an operator (DISPUTED).',
  params: orderParams,
  body: { kind: 'json', schema: notReceivedInput, example: { reason: 'No transfer of 100.00 CNY reached my account.' } },
  success: { status: 200, schema: payinDetailResponse, description: 'The pay-in, now DISPUTED' },
  errors: ['ORDER_NOT_FOUND', 'INVALID_ORDER_STATE'],
  handle: async ({ traderId, params, json, db, now }) => ({
    body: payinDetailView((await reportNotReceived(db, { traderId, orderId: params.orderId, reason: json.reason }, now)).order),
  }),
});
