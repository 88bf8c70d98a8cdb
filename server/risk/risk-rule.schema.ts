import { z } from 'zod';
import { fiat2 } from '../money/amount-strings';

/**
 * The grammar of a risk rule (docs/risk.md, "Grammar"): a scope, the creates it applies to, one
 * condition and one action. What a condition counts is named here; what each means for each flow
 * is in order-history.ts.
 */
const riskFlows = ['payin', 'payout'] as const;
const riskActions = ['allow', 'review', 'block'] as const;

/** What velocity counts orders by. A buyer reference is the pay-in's `metadata.buyerId`. */
export const velocityKeys = ['buyer_reference', 'recipient_account', 'client_address'] as const;
/** What a blocklist holds. `name` is a payout recipient's holder name. */
export const blocklistKinds = ['recipient_account', 'name', 'buyer_reference'] as const;

const velocity = z
  .object({
    kind: z.literal('velocity'),
    per: z.enum(velocityKeys),
    windowMinutes: z.number().int().min(1).max(43_200),
    maxCount: z.number().int().min(1).max(100_000).optional(),
    maxAmount: fiat2.optional().describe('CNY in the window, this order included'),
  })
  .strict()
  .refine((value) => value.maxCount !== undefined || value.maxAmount !== undefined, { error: 'needs a limit: a count, an amount or both', path: ['maxCount'] });

const blocklist = z
  .object({
    kind: z.literal('blocklist'),
    list: z.enum(blocklistKinds),
    values: z.array(z.string().trim().min(1).max(100)).min(1).max(1000),
  })
  .strict();

const amountOutlier = z
  .object({
    kind: z.literal('amount_outlier'),
    lastOrders: z.number().int().min(20).max(1000),
    percentile: z.number().int().min(50).max(99).optional(),
    timesMedian: z
      .string()
      .regex(/^[1-9]\d{0,2}(\.\d{1,2})?$/, { error: 'must be a multiple such as "3" or "2.5"' })
      .optional(),
  })
  .strict()
  .refine((value) => (value.percentile === undefined) !== (value.timesMedian === undefined), { error: 'give exactly one of percentile and timesMedian', path: ['percentile'] });

const payerNameMismatch = z.object({ kind: z.literal('payer_name_mismatch') }).strict();

const riskConditionInput = z.discriminatedUnion('kind', [velocity, blocklist, amountOutlier, payerNameMismatch]);
export type RiskConditionInput = z.infer<typeof riskConditionInput>;

export const createRiskRuleInput = z
  .object({
    /** Absent: a platform rule. */
    merchantId: z.uuid().optional(),
    name: z.string().trim().min(1).max(100),
    flows: z
      .array(z.enum(riskFlows))
      .min(1)
      .max(2)
      .refine((value) => new Set(value).size === value.length, { error: 'must not repeat a flow' }),
    condition: riskConditionInput,
    action: z.enum(riskActions),
  })
  .strict();
export type CreateRiskRuleInput = z.infer<typeof createRiskRuleInput>;

/** A merchant's own rule: the scope is the merchant signed in, never given. */
export const createMerchantRiskRuleInput = createRiskRuleInput.omit({ merchantId: true });

/**
 * The condition as stored: a blocklist's values become keyed fingerprints (fingerprint-values.ts),
 * so `values` is replaced by `entries`.
 */
export type StoredCondition =
  | Exclude<RiskConditionInput, { kind: 'blocklist' }>
  | { kind: 'blocklist'; list: (typeof blocklistKinds)[number]; entries: string[] };
