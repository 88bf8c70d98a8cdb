import { z } from 'zod';

// The trader API's task list (docs/api.md, "Trader API (bots)"): what listOpenTasks returns, for the
// route's type and the OpenAPI document. No recipient details: a trader sees those once they accept.
const amount2 = z.string().regex(/^\d+\.\d{2}$/).describe('decimal string, 2 decimals');
const timestamp = z.iso.datetime().describe('ISO 8601 UTC with milliseconds');

export const openTaskView = z.object({
  orderId: z.uuid().describe('the id to accept the task with'),
  orderNo: z.string().describe('platform payout order number'),
  fiatAmount: amount2.describe('the CNY to transfer to the recipient'),
  fiatCurrency: z.literal('CNY'),
  usdAmount: amount2.describe('the USDT released to you once the merchant confirms'),
  fxRate: z.string().describe('CNY per 1 USDT locked at creation'),
  bankName: z.string().describe("the recipient's bank"),
  createdAt: timestamp,
  matchDueAt: timestamp.describe('the task leaves the pool after this'),
});

export const openTaskListResponse = z.object({
  items: z.array(openTaskView),
  page: z.number().int(),
  pageSize: z.number().int(),
  nextOfferAt: timestamp
    .nullable()
    .describe('under scored dispatch, when a task not offered to you yet will be (docs/routing.md, "Payout dispatch"); null: none waits'),
});
