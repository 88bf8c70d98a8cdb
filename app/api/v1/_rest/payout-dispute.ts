import { z } from 'zod';
import { payoutDetailView } from '../../../../server/payouts/payout-view';
import { payoutDetailResponse } from '../../../../server/payouts/payout-view.schema';
import { withdrawPayoutDispute } from '../../../../server/payouts/withdraw-payout-dispute';
import { orderReference } from './order-reference';
import { defineRoute } from './route-definition';

/** POST /api/v1/withdrawals/:orderNo/dispute/withdraw (docs/api.md, "Withdraw a dispute"). */
export const withdrawPayoutDisputeRoute = defineRoute({
  operationId: 'withdrawPayoutDispute',
  method: 'POST',
  path: 'withdrawals/:orderNo/dispute/withdraw',
  auth: 'merchant',
  scopes: ['payouts:write'],
  tag: 'Payouts',
  summary: 'Withdraw your dispute on a payout',
  description:
    'Allowed while DISPUTED and before an operator rules: the payout returns to PAYMENT_SUBMITTED (payout.dispute_withdrawn) for you to decide again, and merchantActionDueAt moves on by the time the dispute took. Otherwise 409 DISPUTE_NOT_WITHDRAWABLE with meta.status. No body.',
  params: z.object({ orderNo: orderReference }),
  success: { status: 200, schema: payoutDetailResponse, description: 'The payout, back to PAYMENT_SUBMITTED' },
  errors: ['ORDER_NOT_FOUND', 'DISPUTE_NOT_WITHDRAWABLE'],
  handle: async ({ merchant, params, db, now }) => ({
    body: payoutDetailView(await withdrawPayoutDispute(db, { merchantId: merchant.id, reference: params.orderNo }, now)),
  }),
});
