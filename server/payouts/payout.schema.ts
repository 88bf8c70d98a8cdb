import { z } from 'zod';
import { fiat2, usd2 } from '../money/amount-strings';
import { payoutStatuses } from './payout-machine';
import { displayedName } from '../validation/displayed-name';
import { instantQuery } from '../validation/instant';

const noControlCharacters = (value: string) => !/[\u0000-\u001f\u007f]/.test(value);
const notBlank = (value: string) => value.trim().length > 0;
/** notBlank as the OpenAPI document states it. */
const NOT_BLANK = { pattern: '\\S' };

/** docs/api.md, "Create a payout" and "Limits". */
export const merchantOrderNo = z
  .string()
  .min(1, { error: 'must be 1 to 64 characters' })
  .max(64, { error: 'must be 1 to 64 characters' })
  .refine(noControlCharacters, { error: 'must not contain control characters' });

const recipientInput = z
  .object({
    holderName: displayedName(
      z
        .string()
        .min(1, { error: 'must be 1 to 64 characters' })
        .max(64, { error: 'must be 1 to 64 characters' })
        .refine(notBlank, { error: 'must not be blank' })
        .meta(NOT_BLANK),
    ),
    bankAccount: z.string().regex(/^\d{8,32}$/, { error: 'must be 8 to 32 digits' }),
    bankName: displayedName(
      z
        .string()
        .min(1, { error: 'must be 1 to 100 characters' })
        .max(100, { error: 'must be 1 to 100 characters' })
        .refine(notBlank, { error: 'must not be blank' })
        .meta(NOT_BLANK),
    ),
  })
  .strict();

export const createPayoutInput = z
  .object({
    merchantOrderNo,
    direction: z.literal('WITHDRAW', { error: 'must be WITHDRAW' }).optional(),
    fiatAmount: fiat2.optional().describe('CNY the recipient receives: positive, exactly 2 decimals, e.g. "1000.00". Give this or usdAmount.'),
    usdAmount: usd2.optional().describe('USDT to pay out: positive, exactly 2 decimals. Give this or fiatAmount.'),
    fiatCurrency: z.literal('CNY', { error: 'must be CNY' }).optional(),
    recipient: recipientInput,
  })
  .strict()
  .superRefine((value, context) => {
    // docs/amounts.md, "Amounts in requests": exactly one of the two amounts.
    if (value.fiatAmount === undefined && value.usdAmount === undefined) {
      context.addIssue({ code: 'custom', path: ['fiatAmount'], message: 'one of fiatAmount and usdAmount is required' });
    }
    if (value.fiatAmount !== undefined && value.usdAmount !== undefined) {
      context.addIssue({ code: 'custom', path: ['usdAmount'], message: 'give only one of fiatAmount and usdAmount' });
    }
  })
  .meta({ oneOf: [{ required: ['fiatAmount'] }, { required: ['usdAmount'] }] });
export type CreatePayoutInput = z.infer<typeof createPayoutInput>;

export const payoutDecisionInput = z
  .object({
    decision: z.enum(['CONFIRM', 'DISPUTE'], { error: 'must be CONFIRM or DISPUTE' }),
    reason: z
      .string()
      .min(1, { error: 'must be 1 to 500 characters' })
      .max(500, { error: 'must be 1 to 500 characters' })
      .refine(notBlank, { error: 'must not be blank' })
      .meta(NOT_BLANK)
      .optional(),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.decision === 'DISPUTE' && value.reason === undefined) {
      context.addIssue({ code: 'custom', path: ['reason'], message: 'is required to DISPUTE' });
    }
  })
  .meta({ if: { properties: { decision: { const: 'DISPUTE' } }, required: ['decision'] }, then: { properties: { reason: { type: 'string' } }, required: ['reason'] } });
export type PayoutDecisionInput = z.infer<typeof payoutDecisionInput>;

// The bounds as patterns (leading zeros allowed, as ever), so the OpenAPI document states them too.
const positiveInteger = (name: string, max?: 100) =>
  z
    .string()
    .regex(/^\d{1,9}$/, { error: `${name} must be a whole number` })
    .regex(max === undefined ? /^0*[1-9]/ : /^0*(?:[1-9]\d?|100)$/, { error: max === undefined ? `${name} must be at least 1` : `${name} must be 1 to ${max}` })
    .transform(Number);

/** One status or a comma-separated list of them, spaces around each allowed. */
const statusListPattern = (statuses: readonly string[]) => {
  const one = `(?:${statuses.join('|')})`;
  return new RegExp(`^\\s*${one}\\s*(?:,\\s*${one}\\s*)*$`);
};

/** Query of the list endpoints (docs/api.md, "List payouts"); values arrive as strings. */
export function listQueryInput<S extends readonly [string, ...string[]]>(statuses: S) {
  return z
    .object({
      page: positiveInteger('page').default(1).describe('From 1; default 1.'),
      pageSize: positiveInteger('pageSize', 100).default(20).describe('1 to 100; default 20.'),
      orderNo: z.string().min(1).max(64).optional().describe('Only the order with this platform orderNo.'),
      merchantOrderNo: merchantOrderNo.optional().describe('Only the order with this merchantOrderNo.'),
      status: z
        .string()
        .regex(statusListPattern(statuses), { error: `must be one or more of ${statuses.join(', ')}` })
        // A status named twice is one status (the pages merge one index walk per status).
        .transform((value) => [...new Set(value.split(',').map((part) => part.trim()))])
        .pipe(z.array(z.enum(statuses, { error: `must be one or more of ${statuses.join(', ')}` })).min(1))
        .optional()
        .describe(`One status or a comma-separated list of: ${statuses.join(', ')}.`),
      from: instantQuery.optional().describe('Created at or after this ISO 8601 date or timestamp, inclusive.'),
      to: instantQuery.optional().describe('Created at or before this ISO 8601 date or timestamp, inclusive.'),
    })
    .strict();
}

export const listPayoutsInput = listQueryInput(payoutStatuses);
export type ListPayoutsInput = z.infer<typeof listPayoutsInput>;
