import { describe, expect, it } from 'vitest';
import { conditionText } from './condition-text';
import { riskRuleMessages } from './risk-rule-messages';

const { en, zh } = riskRuleMessages;

describe('a rule’s condition in words', () => {
  it('says a velocity’s limits, the key it counts by and its window', () => {
    expect(conditionText({ kind: 'velocity', per: 'recipient_account', windowMinutes: 60, maxCount: 3 }, en)).toBe('more than 3 orders per recipient account in 60 min');
    expect(conditionText({ kind: 'velocity', per: 'buyer_reference', windowMinutes: 1440, maxCount: 5, maxAmount: '5000.00' }, en)).toBe(
      'more than 5 orders or 5000.00 CNY per buyer reference in 1440 min',
    );
    expect(conditionText({ kind: 'velocity', per: 'client_address', windowMinutes: 10, maxAmount: '100.00' }, zh)).toBe('10 分钟内按客户端地址超过 100.00 CNY');
  });

  it('shows a blocklist’s size, never its entries', () => {
    expect(conditionText({ kind: 'blocklist', list: 'name', size: 2 }, en)).toBe('Names: 2 listed');
    expect(conditionText({ kind: 'blocklist', list: 'buyer_reference', size: 1 }, zh)).toBe('买家标识：已列 1 项');
  });

  it('says an outlier’s percentile or multiple, and the payer-name mismatch', () => {
    expect(conditionText({ kind: 'amount_outlier', lastOrders: 200, percentile: 99 }, en)).toBe("above the 99th percentile of the merchant's last 200 orders");
    expect(conditionText({ kind: 'amount_outlier', lastOrders: 50, timesMedian: '3' }, en)).toBe("above 3 × the median of the merchant's last 50 orders");
    expect(conditionText({ kind: 'payer_name_mismatch' }, en)).toBe(en.mismatchSummary);
  });
});
