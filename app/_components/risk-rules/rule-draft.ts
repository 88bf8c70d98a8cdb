import type { CreateRiskRuleInput } from '../../../server/risk/risk-rule.schema';

/**
 * A rule as the form holds it, in the grammar of docs/risk.md: every field as typed, and the
 * condition built from the chosen kind's fields only. The server's schema checks the numbers and
 * names the field it refuses, so nothing here second-guesses it.
 */
export const riskKinds = ['velocity', 'blocklist', 'amount_outlier', 'payer_name_mismatch'] as const satisfies readonly CreateRiskRuleInput['condition']['kind'][];
export type RiskKind = (typeof riskKinds)[number];
/** Block first: it is what most rules are written for. */
export const riskActions = ['block', 'review', 'allow'] as const satisfies readonly CreateRiskRuleInput['action'][];
export type RiskAction = (typeof riskActions)[number];
export const riskFlows = ['payin', 'payout'] as const satisfies readonly CreateRiskRuleInput['flows'][number][];
export type RiskFlow = (typeof riskFlows)[number];

/** What each field holds: one of a set, a whole number, a decimal kept as text (CNY, a multiple), or one value a line. */
const fieldShapes = {
  per: 'choice',
  windowMinutes: 'whole',
  maxCount: 'whole',
  maxAmount: 'decimal',
  list: 'choice',
  values: 'lines',
  lastOrders: 'whole',
  percentile: 'whole',
  timesMedian: 'decimal',
} as const;
export type ConditionField = keyof typeof fieldShapes;
type FieldShape = (typeof fieldShapes)[ConditionField];
export const shapeOf = (field: ConditionField): FieldShape => fieldShapes[field];

/** Each kind's fields, in the order the form shows them. */
export const kindFields: Record<RiskKind, readonly ConditionField[]> = {
  velocity: ['per', 'windowMinutes', 'maxCount', 'maxAmount'],
  blocklist: ['list', 'values'],
  amount_outlier: ['lastOrders', 'percentile', 'timesMedian'],
  payer_name_mismatch: [],
};

/** The choices of the two choice fields (server/risk/risk-rule.schema.ts's velocityKeys and blocklistKinds). */
export const fieldChoices = {
  per: ['buyer_reference', 'recipient_account', 'client_address'],
  list: ['buyer_reference', 'recipient_account', 'name'],
} as const;

export const initialFieldValues: Record<ConditionField, string> = {
  per: 'client_address',
  windowMinutes: '60',
  maxCount: '',
  maxAmount: '',
  list: 'recipient_account',
  values: '',
  lastOrders: '200',
  percentile: '99',
  timesMedian: '',
};

/** An empty field is left out; a whole number is sent as a number (the schema refuses what is not whole). */
function valueOf(field: ConditionField, typed: string): string | number | string[] | undefined {
  const trimmed = typed.trim();
  switch (fieldShapes[field]) {
    case 'choice':
      return typed;
    case 'lines':
      return typed
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
    case 'whole':
      return trimmed === '' ? undefined : Number(trimmed);
    default:
      return trimmed === '' ? undefined : trimmed;
  }
}

/** The condition of `kind` from the form's fields: only that kind's, empty ones left out. */
export function conditionOf(kind: RiskKind, values: Record<ConditionField, string>): Record<string, unknown> {
  const condition: Record<string, unknown> = { kind };
  for (const field of kindFields[kind]) {
    const value = valueOf(field, values[field]);
    if (value !== undefined) condition[field] = value;
  }
  return condition;
}

/** What the form sends: a merchant's console never sends `merchantId` (its scope is the merchant signed in). */
export type RuleDraft = { name: string; merchantId?: string; flows: RiskFlow[]; condition: Record<string, unknown>; action: RiskAction };
