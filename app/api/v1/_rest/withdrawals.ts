import { z } from 'zod';
import { sha256Hex } from '../../../../server/crypto/tokens';
import { DomainError } from '../../../../server/errors';
import { checkIdempotencyKey } from '../../../../server/idempotency/idempotency-key';
import { createPayout } from '../../../../server/payouts/create-payout';
import { decidePayout } from '../../../../server/payouts/decide-payout';
import { findMerchantPayout } from '../../../../server/payouts/find-payout';
import { merchantCancelPayout } from '../../../../server/payouts/merchant-cancel-payout';
import { listPayouts } from '../../../../server/payouts/list-payouts';
import { createPayoutInput, listPayoutsInput, payoutDecisionInput } from '../../../../server/payouts/payout.schema';
import { payoutDetailView } from '../../../../server/payouts/payout-view';
import {
  payoutCreateResponse,
  payoutDecisionResponse,
  payoutDetailResponse,
  payoutListResponse,
} from '../../../../server/payouts/payout-view.schema';
import { orderCancelInput } from '../../../../server/validation/order-cancel.schema';
import { payoutCreatedExample, payoutExample } from './openapi-examples';
import { orderReference } from './order-reference';
import { defineRoute } from './route-definition';
import { replayable } from './replayable';

/** POST /api/v1/withdrawals (docs/api.md, "Create a payout"). */
export const createWithdrawal = defineRoute({
  operationId: 'createPayout',
  method: 'POST',
  path: 'withdrawals',
  auth: 'merchant',
  scopes: ['payouts:write'],
  tag: 'Payouts',
  summary: 'Create a payout',
  description:
    'Freezes usdAmount + usdFeeAmount from the available balance and offers the task to traders. Give exactly one of fiatAmount and usdAmount.',
  body: {
    kind: 'json',
    schema: createPayoutInput,
    example: {
      merchantOrderNo: 'order-42',
      fiatAmount: '1000.00',
      recipient: { holderName: 'Li Lei', bankAccount: '6222020200112233445', bankName: 'Bank of China' },
    },
  },
  idempotencyKey: { required: true, description: 'Required. A replay returns the first response with Idempotent-Replayed: true (docs/api.md, "Idempotency").' },
  success: { status: 201, schema: payoutCreateResponse, description: 'Created (or replayed)', example: payoutCreatedExample },
  errors: ['IDEMPOTENCY_KEY_REQUIRED', 'IDEMPOTENCY_KEY_IN_USE', 'IDEMPOTENCY_KEY_REUSED', 'DUPLICATE_MERCHANT_ORDER_NO', 'INSUFFICIENT_BALANCE', 'NO_LIQUIDITY', 'RISK_BLOCKED'],
  handle: async ({ merchant, json: input, request, db, body, now, clientAddress }) => {
    const key = request.headers.get('idempotency-key');
    if (key === null) throw new DomainError('IDEMPOTENCY_KEY_REQUIRED', 'Creating a payout needs an Idempotency-Key header.');
    const idempotency = { principalId: merchant.id, endpoint: 'POST /api/v1/withdrawals', key: checkIdempotencyKey(key), requestHash: sha256Hex(body) };
    return replayable<typeof payoutCreateResponse>(await createPayout(db, { merchant, input, idempotency, now, clientAddress }));
  },
});

/** GET /api/v1/withdrawals (docs/api.md, "List payouts"). */
export const listWithdrawals = defineRoute({
  operationId: 'listPayouts',
  method: 'GET',
  path: 'withdrawals',
  auth: 'merchant',
  scopes: ['payouts:read'],
  tag: 'Payouts',
  summary: 'List payouts',
  description: 'Newest first, with the total matching the filter.',
  query: listPayoutsInput,
  success: { status: 200, schema: payoutListResponse, description: 'A page of payouts, newest first' },
  errors: [],
  handle: async ({ merchant, query, db }) => ({ body: await listPayouts(db, merchant.id, query) }),
});

/** GET /api/v1/withdrawals/:orderNo (docs/api.md, "Query a payout"). */
export const getWithdrawal = defineRoute({
  operationId: 'getPayout',
  method: 'GET',
  path: 'withdrawals/:orderNo',
  auth: 'merchant',
  scopes: ['payouts:read'],
  tag: 'Payouts',
  summary: 'Query a payout',
  params: z.object({ orderNo: orderReference }),
  success: { status: 200, schema: payoutDetailResponse, description: 'The payout', example: payoutExample },
  errors: ['ORDER_NOT_FOUND'],
  handle: async ({ merchant, params, db }) => ({ body: payoutDetailView(await findMerchantPayout(db, merchant.id, params.orderNo)) }),
});

/** POST /api/v1/withdrawals/:orderNo/decision (docs/api.md, "Decide on a payout"). */
export const decideWithdrawal = defineRoute({
  operationId: 'decidePayout',
  method: 'POST',
  path: 'withdrawals/:orderNo/decision',
  auth: 'merchant',
  scopes: ['payouts:write'],
  tag: 'Payouts',
  summary: 'Confirm or dispute a payout with proof',
  description: 'CONFIRM releases the frozen USDT to the trader (COMPLETED); DISPUTE with a reason sends it to an operator (DISPUTED).',
  params: z.object({ orderNo: orderReference }),
  body: { kind: 'json', schema: payoutDecisionInput, example: { decision: 'CONFIRM' } },
  success: { status: 200, schema: payoutDecisionResponse, description: 'COMPLETED after CONFIRM, DISPUTED after DISPUTE' },
  errors: ['ORDER_NOT_FOUND', 'INVALID_ORDER_STATE'],
  handle: async ({ merchant, params, json: decision, db, now }) => ({
    body: await decidePayout(db, { merchantId: merchant.id, reference: params.orderNo, decision }, now),
  }),
});

/** POST /api/v1/withdrawals/:orderNo/cancel (docs/api.md, "Cancel a payout"). */
export const cancelWithdrawal = defineRoute({
  operationId: 'cancelPayout',
  method: 'POST',
  path: 'withdrawals/:orderNo/cancel',
  auth: 'merchant',
  scopes: ['payouts:write'],
  tag: 'Payouts',
  summary: 'Cancel a payout no trader has taken',
  description:
    'Allowed while PENDING_MATCH: the payout becomes CANCELLED and its frozen usdAmount + usdFeeAmount returns to your available balance (payout.cancelled). From the moment a trader accepts, 409 INVALID_ORDER_STATE with the current status. The body is optional.',
  params: z.object({ orderNo: orderReference }),
  body: { kind: 'json', schema: orderCancelInput, optional: true, example: { reason: 'The customer withdrew the request.' } },
  success: { status: 200, schema: payoutDetailResponse, description: 'The payout, now CANCELLED' },
  errors: ['ORDER_NOT_FOUND', 'INVALID_ORDER_STATE'],
  handle: async ({ merchant, params, json, db, now }) => ({
    body: payoutDetailView(await merchantCancelPayout(db, { merchantId: merchant.id, reference: params.orderNo, reason: json.reason }, now)),
  }),
});
