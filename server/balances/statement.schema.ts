import { z } from 'zod';
import { instantQuery } from '../validation/instant';

/**
 * What a statement entry records, derived from the ledger transfer it belongs to (docs/api.md,
 * "Statement entry types"). A dispute ruling moves value with the same transfer as the plain
 * action (a release, an unfreeze, a settlement), so it is told apart by the order having been
 * disputed: from DISPUTED an order can only leave by a ruling (docs/state-machines.md).
 */
const statementEntryTypes = [
  'payout_freeze',
  'payout_release',
  'payout_unfreeze',
  'payin_credit',
  'operator_credit',
  'operator_debit',
  'dispute_release',
  'dispute_refund',
  'dispute_payin_credit',
  'dispute_split',
  'other',
] as const;
export type StatementEntryType = (typeof statementEntryTypes)[number];

/** The merchant's two ledger accounts (docs/ledger.md, "Accounts"). */
const statementAccounts = ['available', 'frozen'] as const;
export type StatementAccount = (typeof statementAccounts)[number];

const signed6 = z.string().regex(/^-?\d+\.\d{6}$/);

export const statementEntry = z.object({
  id: z.string().regex(/^[1-9]\d*$/).describe('The posting id: increases in commit order within an account. The cursor of startingAfter.'),
  account: z.enum(statementAccounts).describe('available or frozen.'),
  type: z.enum(statementEntryTypes).describe('What moved the value (docs/api.md, "Statement entry types").'),
  amount: signed6.describe('Signed USDT, 6 decimals: negative takes value out of the account.'),
  fee: z.string().regex(/^\d+\.\d{6}$/).describe("The platform's fee in this movement: part of amount on a payout release, withheld before amount on a pay-in credit; 0.000000 elsewhere."),
  balanceAfter: signed6.describe("The account's balance right after this entry."),
  flow: z.enum(['payout', 'payin']).nullable().describe('The kind of order the entry belongs to; null for an operator credit or debit.'),
  orderId: z.string().nullable().describe('UUID of the order; null when none.'),
  orderNo: z.string().nullable().describe('Platform order number; null when none.'),
  merchantOrderNo: z.string().nullable().describe('Your order number, as sent; null when none.'),
  createdAt: z.string().describe('When the movement was made (its transaction began), ISO 8601 UTC with milliseconds.'),
});
export type StatementEntry = z.infer<typeof statementEntry>;

export const statementPageResponse = z.object({
  items: z.array(statementEntry).describe('Newest first.'),
  hasMore: z.boolean().describe('Whether older entries match: ask again with startingAfter = nextCursor.'),
  nextCursor: z.string().nullable().describe('The id of the last item when hasMore is true, else null.'),
});
export type StatementPage = z.infer<typeof statementPageResponse>;

const MAX_STATEMENT_PAGE = 100;
/** PostgreSQL's bigint: a larger cursor can name no posting, and would fail the cast. */
const MAX_POSTING_ID = 9_223_372_036_854_775_807n;

/** The date and account filters, shared by the JSON pages and the CSV export. */
const filters = {
  account: z.enum(statementAccounts, { error: 'must be available or frozen' }).optional().describe('Only entries of this account.'),
  from: instantQuery.optional().describe('Created at or after this ISO 8601 date or timestamp, inclusive; not after to.'),
  to: instantQuery.optional().describe('Created before this ISO 8601 date or timestamp, exclusive.'),
};

const fromNotAfterTo = (query: { from?: Date; to?: Date }) => !(query.from && query.to && query.from > query.to);

/** GET /api/v1/balance/transactions (docs/api.md, "Statement"); values arrive as strings. */
export const listStatementQuery = z
  .object({
    limit: z
      .string()
      .regex(/^\d{1,3}$/, { error: `limit must be 1 to ${MAX_STATEMENT_PAGE}` })
      .regex(/^0*(?:[1-9]\d?|100)$/, { error: `limit must be 1 to ${MAX_STATEMENT_PAGE}` })
      .transform(Number)
      .default(20)
      .describe(`1 to ${MAX_STATEMENT_PAGE}; default 20. Not with the CSV export, which streams every entry.`),
    startingAfter: z
      .string()
      .regex(/^[1-9]\d{0,18}$/, { error: 'must be the id of an entry (the nextCursor of an earlier page)' })
      // Only once the text is digits: the checks run on, and BigInt throws on anything else.
      .refine((text) => !/^\d+$/.test(text) || BigInt(text) <= MAX_POSTING_ID, { error: 'must be the id of an entry (the nextCursor of an earlier page)' })
      .optional()
      .describe('The nextCursor of the previous page: entries older than it. Not with the CSV export.'),
    ...filters,
  })
  .strict()
  .refine(fromNotAfterTo, { path: ['from'], error: 'must not be after to' });
export type ListStatementQuery = z.infer<typeof listStatementQuery>;

/** The CSV export's query: the filters only, as it has no pages (a limit or cursor there is a mistake). */
export const exportStatementQuery = z.object(filters).strict().refine(fromNotAfterTo, { path: ['from'], error: 'must not be after to' });
export type StatementFilters = z.infer<typeof exportStatementQuery>;

/** The CSV export's columns, in order (docs/api.md, "Export as CSV"). */
export const statementCsvColumns = ['id', 'created_at', 'account', 'type', 'amount', 'fee', 'balance_after', 'flow', 'order_no', 'merchant_order_no'] as const;
