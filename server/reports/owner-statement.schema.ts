import { z } from 'zod';
import { instantQuery } from '../validation/instant';
import { reportingCategories } from './reporting-category';

const signed6 = z.string().regex(/^-?\d+\.\d{6}$/);
const unsigned6 = z.string().regex(/^\d+\.\d{6}$/);

/** The period of a statement: from inclusive, to exclusive, either open (docs/ledger.md, "Statements"). */
export const statementPeriodInput = z
  .object({
    from: instantQuery.optional(),
    to: instantQuery.optional(),
  })
  .strict()
  .refine((period) => !(period.from && period.to && period.from > period.to), { path: ['from'], error: 'must not be after to' });
export type StatementPeriod = z.infer<typeof statementPeriodInput>;

const statementCategoryTotal = z.object({
  category: z.enum(reportingCategories),
  credits: unsigned6,
  debits: unsigned6,
});

const statementLine = z.object({
  transferId: z.string().describe('The ledger transfer this line comes from.'),
  kind: z.string().describe("The transfer's kind (docs/ledger.md)."),
  category: z.enum(reportingCategories),
  amount: signed6.describe("Signed USDT: the change of the owner's total balance this line makes."),
  orderId: z.string().nullable(),
  orderNo: z.string().nullable(),
  merchantOrderNo: z.string().nullable(),
  createdAt: z.string(),
});

export const ownerStatement = z.object({
  owner: z.object({ type: z.enum(['merchant', 'trader']), id: z.string() }),
  currency: z.literal('USDT'),
  from: z.string().nullable(),
  to: z.string().nullable(),
  openingBalance: signed6,
  credits: unsigned6,
  debits: unsigned6,
  closingBalance: signed6,
  categories: z.array(statementCategoryTotal),
  lines: z.array(statementLine).describe('Oldest first; at most lineLimit of them.'),
  linesTruncated: z.boolean().describe('More lines fall in the period than were listed; the totals count them all.'),
});
export type OwnerStatement = z.infer<typeof ownerStatement>;
