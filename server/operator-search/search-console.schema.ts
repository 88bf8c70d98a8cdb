import { z } from 'zod';

/** What the console's search box sends: one free-text query (docs/operator-guide.md, "Search"). */
export const searchConsoleInput = z
  .object({
    query: z
      .string()
      .trim()
      .min(1, 'Type an order number, an order id, a merchant or trader name, or card last 4 and amount.')
      .max(100, 'At most 100 characters.'),
    limit: z.number().int().min(1).max(50).default(20),
  })
  .strict();
export type SearchConsoleInput = z.input<typeof searchConsoleInput>;

export type SearchResult =
  | {
      kind: 'order';
      flow: 'payout' | 'payin';
      orderId: string;
      orderNo: string;
      merchantOrderNo: string;
      status: string;
      merchantName: string;
      traderName: string | null;
      fiatAmount: string;
      /** Why it matched: which field the query hit. */
      matched: 'orderNo' | 'orderId' | 'merchantOrderNo' | 'last4Amount';
      href: string;
    }
  | { kind: 'merchant' | 'trader'; id: string; name: string; href: string };
