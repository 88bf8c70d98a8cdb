import { z } from 'zod';
import { payinListItem } from './payin-view.schema';

/** The trader API's pay-in list (docs/api.md, "Trader API (bots)"): what listTraderPayins returns. */
export const traderPayinListResponse = z.object({
  items: z.array(payinListItem),
  page: z.number().int(),
  pageSize: z.number().int(),
});
