import { z } from 'zod';
import { sha256Hex } from '../../../../server/crypto/tokens';
import { checkIdempotencyKey } from '../../../../server/idempotency/idempotency-key';
import { createPayinOnce } from '../../../../server/payins/create-payin';
import { findMerchantPayin } from '../../../../server/payins/find-payin';
import { listPayins } from '../../../../server/payins/list-payins';
import { merchantCancelPayin } from '../../../../server/payins/merchant-cancel-payin';
import { createPayinInput, listPayinsInput } from '../../../../server/payins/payin.schema';
import { payinDetailView } from '../../../../server/payins/payin-view';
import { payinCreateResponse, payinDetailResponse, payinListResponse } from '../../../../server/payins/payin-view.schema';
import { orderCancelInput } from '../../../../server/validation/order-cancel.schema';
import { orderReference } from './order-reference';
import { replayable } from './replayable';
import { defineRoute } from './route-definition';

/** POST /api/v1/orders (docs/api.md, "Create a pay-in"); the Idempotency-Key defaults to merchantOrderNo. */
export const createOrder = defineRoute({
  operationId: 'createPayin',
  method: 'POST',
  path: 'orders',
  auth: 'merchant',
  scopes: ['payins:write'],
  tag: 'Pay-ins',
  summary: 'Create a pay-in and get the checkout URL',
  description:
    "Locks a rate from the traders' SELL quotes and escrows the matched trader's USDT. Give exactly one of assetAmount and fiatAmount. Without a trader able to serve it now the order waits in PENDING_MATCH (matched as soon as one can, until expiresAt).",
  body: { kind: 'json', schema: createPayinInput, example: { merchantOrderNo: 'order-43', fiatAmount: '100.00', returnUrl: 'https://shop.example/thanks' } },
  idempotencyKey: { required: false, description: 'Defaults to merchantOrderNo. A replay returns the first response with Idempotent-Replayed: true.' },
  success: { status: 201, schema: payinCreateResponse, description: 'Created (or replayed)' },
  errors: ['DUPLICATE_MERCHANT_ORDER_NO', 'IDEMPOTENCY_KEY_IN_USE', 'IDEMPOTENCY_KEY_REUSED', 'NO_LIQUIDITY', 'RISK_BLOCKED'],
  handle: async ({ merchant, json: input, request, db, body, now, clientAddress }) => {
    const key = checkIdempotencyKey(request.headers.get('idempotency-key') ?? input.merchantOrderNo);
    const idempotency = { principalId: merchant.id, endpoint: 'POST /api/v1/orders', key, requestHash: sha256Hex(body) };
    return replayable<typeof payinCreateResponse>(await createPayinOnce(db, { merchant, input, idempotency, now, clientAddress }));
  },
});

/** GET /api/v1/orders (docs/api.md, "List pay-ins"). */
export const listOrders = defineRoute({
  operationId: 'listPayins',
  method: 'GET',
  path: 'orders',
  auth: 'merchant',
  scopes: ['payins:read'],
  tag: 'Pay-ins',
  summary: 'List pay-ins',
  description: 'Newest first, with the total matching the filter.',
  query: listPayinsInput,
  success: { status: 200, schema: payinListResponse, description: 'A page of pay-ins, newest first' },
  errors: [],
  handle: async ({ merchant, query, db }) => ({ body: await listPayins(db, merchant.id, query) }),
});

/** GET /api/v1/orders/:orderNo (docs/api.md, "Query a pay-in"). */
export const getOrder = defineRoute({
  operationId: 'getPayin',
  method: 'GET',
  path: 'orders/:orderNo',
  auth: 'merchant',
  scopes: ['payins:read'],
  tag: 'Pay-ins',
  summary: 'Query a pay-in',
  params: z.object({ orderNo: orderReference }),
  success: { status: 200, schema: payinDetailResponse, description: 'The pay-in, with the detail-only fields' },
  errors: ['ORDER_NOT_FOUND'],
  handle: async ({ merchant, params, db }) => ({ body: payinDetailView(await findMerchantPayin(db, merchant.id, params.orderNo)) }),
});

/** POST /api/v1/orders/:orderNo/cancel (docs/api.md, "Cancel a pay-in"). */
export const cancelOrder = defineRoute({
  operationId: 'cancelPayin',
  method: 'POST',
  path: 'orders/:orderNo/cancel',
  auth: 'merchant',
  scopes: ['payins:write'],
  tag: 'Pay-ins',
  summary: 'Cancel a pay-in the buyer has not paid',
  description:
    "Allowed while PENDING_MATCH or PENDING_PAYMENT (before the buyer clicks \"I Have Paid\"): the pay-in becomes CANCELLED, the matched trader's escrow returns to them and the checkout stops showing bank details (order.cancelled). Later, 409 INVALID_ORDER_STATE with the current status. The body is optional.",
  params: z.object({ orderNo: orderReference }),
  body: { kind: 'json', schema: orderCancelInput, optional: true, example: { reason: 'The customer emptied the cart.' } },
  success: { status: 200, schema: payinDetailResponse, description: 'The pay-in, now CANCELLED' },
  errors: ['ORDER_NOT_FOUND', 'INVALID_ORDER_STATE'],
  handle: async ({ merchant, params, json, db, now }) => ({
    body: payinDetailView(await merchantCancelPayin(db, { merchantId: merchant.id, reference: params.orderNo, reason: json.reason }, now)),
  }),
});
