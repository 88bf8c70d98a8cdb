import { describe, expect, it } from 'vitest';
import { createMerchantRiskRuleInput } from '../../../server/risk/risk-rule.schema';
import { conditionOf, fieldChoices, initialFieldValues, kindFields, riskKinds } from './rule-draft';

describe('the rule form’s condition', () => {
  it('sends only the chosen kind’s fields, whole numbers as numbers and empty fields left out', () => {
    expect(conditionOf('velocity', { ...initialFieldValues, maxCount: ' 3 ', values: 'not sent' })).toEqual({ kind: 'velocity', per: 'client_address', windowMinutes: 60, maxCount: 3 });
    expect(conditionOf('velocity', { ...initialFieldValues, maxAmount: '5000.00' })).toEqual({ kind: 'velocity', per: 'client_address', windowMinutes: 60, maxAmount: '5000.00' });
    expect(conditionOf('amount_outlier', { ...initialFieldValues, percentile: '', timesMedian: '2.5' })).toEqual({ kind: 'amount_outlier', lastOrders: 200, timesMedian: '2.5' });
    expect(conditionOf('payer_name_mismatch', { ...initialFieldValues, maxCount: '3' })).toEqual({ kind: 'payer_name_mismatch' });
  });

  it('reads a blocklist one value a line, blank lines and spaces dropped', () => {
    expect(conditionOf('blocklist', { ...initialFieldValues, list: 'buyer_reference', values: ' buyer-7 \n\n  buyer-9\n' })).toEqual({ kind: 'blocklist', list: 'buyer_reference', values: ['buyer-7', 'buyer-9'] });
  });

  it('builds, from the form’s defaults, a rule the server’s schema accepts for every kind but where a limit must be typed', () => {
    const parsed = (kind: (typeof riskKinds)[number], extra: Partial<typeof initialFieldValues> = {}) =>
      createMerchantRiskRuleInput.safeParse({ name: 'A rule', flows: ['payout'], condition: conditionOf(kind, { ...initialFieldValues, ...extra }), action: 'review' }).success;
    expect(parsed('velocity')).toBe(false);
    expect(parsed('velocity', { maxCount: '3' })).toBe(true);
    expect(parsed('blocklist', { values: '6222020200112233445' })).toBe(true);
    expect(parsed('amount_outlier')).toBe(true);
    expect(parsed('payer_name_mismatch')).toBe(true);
    // A number typed with letters reaches the schema as NaN and is refused there, by its field.
    expect(parsed('velocity', { maxCount: 'three' })).toBe(false);
  });

  it('offers every choice the schema knows, and each kind’s fields once', () => {
    for (const per of fieldChoices.per) expect(parsed({ kind: 'velocity', per, windowMinutes: 60, maxCount: 1 })).toBe(true);
    for (const list of fieldChoices.list) expect(parsed({ kind: 'blocklist', list, values: ['12345678'] })).toBe(true);
    for (const kind of riskKinds) expect(new Set(kindFields[kind]).size).toBe(kindFields[kind].length);
  });
});

function parsed(condition: Record<string, unknown>): boolean {
  return createMerchantRiskRuleInput.safeParse({ name: 'A rule', flows: ['payout', 'payin'], condition, action: 'block' }).success;
}
