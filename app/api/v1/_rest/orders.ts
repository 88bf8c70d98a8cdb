import { sha256Hex } from '../../../../server/crypto/tokens';
import { checkIdempotencyKey } from '../../../../server/idempotency/idempotency-key';
import { withIdempotency } from '../../../../server/idempotency/with-idempotency';
import { createPayin } from '../../../../server/payins/create-payin';
import { findMerchantPayin } from '../../../../server/payins/find-payin';
import { listPayins } from '../../../../server/payins/list-payins';
import { createPayinInput, listPayinsInput } from '../../../../server/payins/payin.schema';
import { payinCreateView, payinDetailView } from '../../../../server/payins/payin-view';
import { merchantOf, type RestContext, type RestResult } from './context';
import { parseJsonBody, parseQuery } from './read-request';


/** POST /api/v1/orders (docs/api.md, "Create a pay-in"); the Idempotency-Key defaults to merchantOrderNo. */
export async function createOrder(context: RestContext): Promise<RestResult> {
  const merchant = merchantOf(context);
  const input = parseJsonBody(context.request, context.body, createPayinInput);
  const key = checkIdempotencyKey(context.request.headers.get('idempotency-key') ?? input.merchantOrderNo);
  const outcome = await withIdempotency(
    context.db,
    { principalId: merchant.id, endpoint: 'POST /api/v1/orders', key, requestHash: sha256Hex(context.body) },
    context.now,
    async (tx) => {
      const { order, payUrl } = await createPayin(tx, merchant, input, context.now);
      return { status: 201, body: payinCreateView(order, payUrl) };
    },
  );
  return { status: outcome.status, body: outcome.body, headers: outcome.replayed ? { 'idempotent-replayed': 'true' } : {} };
}

/** GET /api/v1/orders (docs/api.md, "List pay-ins"). */
export async function listOrders(context: RestContext): Promise<RestResult> {
  const merchant = merchantOf(context);
  return { status: 200, body: await listPayins(context.db, merchant.id, parseQuery(context.url, listPayinsInput)) };
}

/** GET /api/v1/orders/:orderNo (docs/api.md, "Query a pay-in"). */
export async function getOrder(context: RestContext): Promise<RestResult> {
  const merchant = merchantOf(context);
  return { status: 200, body: payinDetailView(await findMerchantPayin(context.db, merchant.id, context.params.orderNo ?? '')) };
}
