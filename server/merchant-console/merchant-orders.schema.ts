import { z } from 'zod';
import { payinStatuses, payoutStatuses } from '../../db/schema/order-statuses';
import { orderCancelInput } from '../validation/order-cancel.schema';
import { dayOrInstantText } from '../validation/instant';
import { evidenceStatement } from '../disputes/dispute-evidence.schema';

export const CONSOLE_PAGE_SIZE = 20;

/** An orderNo or merchantOrderNo as typed into the console's search (docs/merchant-guide.md, "The orders pages"). */
export const orderReferenceInput = z.string().trim().min(1, { error: 'must be 1 to 64 characters' }).max(64, { error: 'must be 1 to 64 characters' });

/**
 * The filter of the console's order tables and of their CSV export: one search box (an orderNo or
 * a merchantOrderNo, in any case), statuses, a creation date range (days are UTC, both ends inclusive)
 * and the direction of the creation-date sort.
 */
function orderFilter<S extends readonly [string, ...string[]]>(statuses: S) {
  return z
    .object({
      search: orderReferenceInput.optional(),
      status: z.array(z.enum(statuses)).max(statuses.length).optional(),
      from: dayOrInstantText.optional(),
      to: dayOrInstantText.optional(),
      sort: z.enum(['newest', 'oldest']).default('newest'),
    })
    .strict();
}

export const payoutFilterInput = orderFilter(payoutStatuses);
export const payinFilterInput = orderFilter(payinStatuses);
type PayoutFilter = z.infer<typeof payoutFilterInput>;
type PayinFilter = z.infer<typeof payinFilterInput>;
export type OrderFilter = PayoutFilter | PayinFilter;

export const consoleListPayoutsInput = payoutFilterInput.extend({ page: z.number().int().min(1).max(100_000).default(1) });
export const consoleListPayinsInput = payinFilterInput.extend({ page: z.number().int().min(1).max(100_000).default(1) });
export type ConsoleListInput = z.infer<typeof consoleListPayoutsInput> | z.infer<typeof consoleListPayinsInput>;

export const orderPageInput = z.object({ reference: orderReferenceInput }).strict();

export const consolePayoutDecisionInput = z
  .object({
    reference: orderReferenceInput,
    decision: z.enum(['CONFIRM', 'DISPUTE']),
    reason: z.string().trim().min(1, { error: 'must be 1 to 500 characters' }).max(500, { error: 'must be 1 to 500 characters' }).optional(),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.decision === 'DISPUTE' && value.reason === undefined) context.addIssue({ code: 'custom', path: ['reason'], message: 'is required to DISPUTE' });
  });

export const consoleCancelInput = orderCancelInput.extend({ reference: orderReferenceInput }).strict();

export const consoleEvidenceInput = z.object({ reference: orderReferenceInput, statement: evidenceStatement }).strict();

/** The export's query string: the filter's fields as text, statuses comma-separated. */
export const exportQueryInput = z
  .object({
    flow: z.enum(['payouts', 'payins']),
    search: z.string().optional(),
    status: z
      .string()
      .transform((value) => value.split(',').filter(Boolean))
      .optional(),
    from: z.string().optional(),
    to: z.string().optional(),
    sort: z.string().optional(),
  })
  .strict();
