import type { z } from 'zod';
import type { payoutCreateResponse, payoutDetailResponse } from '../../../../server/payouts/payout-view.schema';

// Examples the OpenAPI document shows (those of docs/api.md and docs/webhooks.md). They are typed by
// the response schemas, and openapi.test.ts validates them against the document, so they cannot
// drift from what the API answers.

export const payoutCreatedExample: z.output<typeof payoutCreateResponse> = {
  orderId: '880ad739-6ad7-4f36-a5d7-c638b7755d93',
  orderNo: 'WD20261123052623047364',
  status: 'PENDING_MATCH',
  direction: 'WITHDRAW',
  fiatAmount: '1000.00',
  fiatCurrency: 'CNY',
  usdAmount: '139.87',
  usdFeeAmount: '0.42',
  createdAt: '2026-11-23T08:39:32.136Z',
};

export const payoutExample: z.output<typeof payoutDetailResponse> = {
  orderId: '880ad739-6ad7-4f36-a5d7-c638b7755d93',
  orderNo: 'WD20261123052623047364',
  merchantOrderNo: 'order-42',
  status: 'COMPLETED',
  direction: 'WITHDRAW',
  usdAmount: '139.87',
  usdFeeAmount: '0.42',
  feeBps: 30,
  fiatCurrency: 'CNY',
  referenceFiatAmount: '1000.07',
  slippage: '0',
  lockedFiatAmount: '1000.00',
  traderId: '5a445182-f1d6-408d-84b2-50dc5a3d123f',
  paymentDueAt: '2026-11-23T09:09:32.187Z',
  merchantActionDueAt: '2026-11-24T08:39:32.216Z',
  firstProofSubmittedAt: '2026-11-23T08:39:32.216Z',
  bankAccountLast4: '3445',
  createdAt: '2026-11-23T08:39:32.136Z',
  updatedAt: '2026-11-23T08:39:32.244Z',
};

/** The body of a payout.completed delivery (docs/webhooks.md, "Events"). */
export const payoutCompletedEventExample = {
  id: 'evt_5b1f0c2a9e7d4c1f8a3b2c1d0e9f8a7b',
  type: 'payout.completed',
  createdAt: '2026-11-23T08:39:32.244Z',
  data: payoutExample,
};
