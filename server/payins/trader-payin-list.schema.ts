import { z } from 'zod';
import { payinListItem } from './payin-view.schema';

/**
 * A pay-in as the trader API lists it: the list item plus what a bot checks a credit against
 * before releasing (docs/api.md, "Trader API (bots)"): the exact amount the buyer was told to
 * transfer and the reference for the transfer memo.
 */
const traderPayinListItem = payinListItem.extend({
  expectedFiatAmount: z
    .string()
    .regex(/^\d+\.\d{2}$/)
    .describe('CNY the buyer was told to transfer, 2 decimals: fiatAmount, plus its cent offset on an account with automatic confirmation (docs/trader-guide.md, "Cent offsets")'),
  buyerReference: z.string().nullable().describe('the code the buyer was asked to put in the transfer memo; null on pay-ins created before references existed'),
});

/** The trader API's pay-in list (docs/api.md, "Trader API (bots)"): what listTraderPayins returns. */
export const traderPayinListResponse = z.object({
  items: z.array(traderPayinListItem),
  page: z.number().int(),
  pageSize: z.number().int(),
});
