import { z } from 'zod';
import { DomainError } from '../../../../server/errors';
import { acceptPayout } from '../../../../server/payouts/accept-payout';
import { listTraderPayins } from '../../../../server/payins/list-trader-payins';
import { payinDetailView } from '../../../../server/payins/payin-view';
import { releasePayin, reportNotReceived } from '../../../../server/payins/release-payin';
import { payinStatuses } from '../../../../server/state-machines/payin';
import { listOpenTasks } from '../../../../server/payouts/list-open-tasks';
import { payoutDetailView } from '../../../../server/payouts/payout-view';
import { submitPayoutProof } from '../../../../server/payouts/submit-payout-proof';
import { checkProofTarget } from '../../../../server/proofs/proof-target';
import { pageQuery } from '../../../../server/validation/page-query';
import { parseInput } from '../../../../server/validation/parse-input';
import { traderOf, type RestContext, type RestResult } from './context';
import { parseJsonBody, parseQuery } from './read-request';

const orderId = z.uuid({ error: 'must be an order id (UUID)' });

/** GET /api/v1/trader/tasks: the open payouts this trader can take. */
export async function listTraderTasks(context: RestContext): Promise<RestResult> {
  return { status: 200, body: await listOpenTasks(context.db, traderOf(context), parseQuery(context.url, pageQuery)) };
}

/** POST /api/v1/trader/tasks/:orderId/accept: first accept wins. */
export async function acceptTraderTask(context: RestContext): Promise<RestResult> {
  const order = await acceptPayout(context.db, { traderId: traderOf(context), orderId: parseInput(orderId, context.params.orderId) }, context.now);
  return { status: 200, body: payoutDetailView(order) };
}

/**
 * POST /api/v1/trader/tasks/:orderId/proof: multipart/form-data with 1 to 3 files in `proofs`.
 * The order is checked (this trader's, awaiting proof) before the multipart body is parsed or
 * any image decoded (docs/security.md).
 */
export async function submitTraderProof(context: RestContext): Promise<RestResult> {
  const traderId = traderOf(context);
  const id = parseInput(orderId, context.params.orderId);
  await checkProofTarget(context.db, { traderId, orderId: id });
  const contentType = context.request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send the proof images as multipart/form-data in the field "proofs".');
  }
  let form: FormData;
  try {
    form = await new Response(context.body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new DomainError('VALIDATION_FAILED', 'The multipart body could not be read.');
  }
  const files = await Promise.all(
    form.getAll('proofs').map(async (entry) => (typeof entry === 'string' ? new TextEncoder().encode(entry) : new Uint8Array(await entry.arrayBuffer()))),
  );
  const order = await submitPayoutProof(context.db, { traderId, orderId: id, files }, context.now);
  return { status: 200, body: payoutDetailView(order) };
}

const payinListQuery = pageQuery.extend({
  status: z
    .string()
    .transform((value) => value.split(','))
    .pipe(z.array(z.enum(payinStatuses)))
    .optional(),
});

/** GET /api/v1/trader/payins: pay-ins matched to this trader (e.g. ?status=PAYMENT_SUBMITTED). */
export async function listTraderPayinsRoute(context: RestContext): Promise<RestResult> {
  const query = parseQuery(context.url, payinListQuery);
  return { status: 200, body: await listTraderPayins(context.db, traderOf(context), { ...query, statuses: query.status }) };
}

/** POST /api/v1/trader/payins/:orderId/release: the CNY arrived; settle the USDT to the merchant. */
export async function releaseTraderPayin(context: RestContext): Promise<RestResult> {
  const outcome = await releasePayin(context.db, { traderId: traderOf(context), orderId: parseInput(orderId, context.params.orderId) }, context.now);
  return { status: 200, body: payinDetailView(outcome.order) };
}

const notReceivedInput = z.object({ reason: z.string().min(1).max(500) }).strict();

/** POST /api/v1/trader/payins/:orderId/not-received: the CNY never arrived; an operator decides. */
export async function reportTraderNotReceived(context: RestContext): Promise<RestResult> {
  const { reason } = parseJsonBody(context.request, context.body, notReceivedInput);
  const outcome = await reportNotReceived(context.db, { traderId: traderOf(context), orderId: parseInput(orderId, context.params.orderId), reason }, context.now);
  return { status: 200, body: payinDetailView(outcome.order) };
}
