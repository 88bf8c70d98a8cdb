import { describe, expect, it } from 'vitest';
import { scoreMatch, type ScoreMatchOptions } from './score-match';

const matchedAt = new Date('2026-11-23T06:00:00Z');
const base: ScoreMatchOptions = {
  credit: { amount: '100.37', last4: '0001', at: new Date('2026-11-23T06:05:00Z'), payerName: null, memo: null },
  order: { expectedAmount: '100.37', buyerReference: 'K7QX2M', payerName: null, matchedAt, expiresAt: new Date('2026-11-23T06:15:00Z') },
  accountLast4: '0001',
  sameAmountCount: 1,
};
const score = (change: { credit?: Partial<ScoreMatchOptions['credit']>; order?: Partial<ScoreMatchOptions['order']>; sameAmountCount?: number }) =>
  scoreMatch({ ...base, ...change, credit: { ...base.credit, ...change.credit }, order: { ...base.order, ...change.order } })?.score ?? null;

describe('scoreMatch (docs/trader-guide.md, "The score")', () => {
  it('is no candidate without the exact amount, or with another account\'s digits', () => {
    expect(score({ credit: { amount: '100.36' } })).toBeNull();
    expect(score({ credit: { amount: '100.370' } })).toBe(85);
    expect(score({ credit: { last4: '9999' } })).toBeNull();
  });

  it('adds the signals up as documented', () => {
    expect(score({})).toBe(85);
    expect(score({ sameAmountCount: 2 })).toBe(65);
    expect(score({ credit: { memo: '货款 k7qx2m' } })).toBe(100);
    expect(score({ credit: { memo: 'XK7QX2M' } })).toBe(85);
    expect(score({ credit: { last4: null } })).toBe(80);
    expect(score({ credit: { payerName: '张 三' }, order: { payerName: '张三' } })).toBe(100);
    expect(score({ credit: { payerName: '李四' }, order: { payerName: '张三' }, sameAmountCount: 2 })).toBe(25);
    expect(score({ credit: { at: new Date('2026-11-23T05:54:00Z') } })).toBe(25);
    expect(score({ credit: { at: new Date('2026-11-23T06:46:00Z') } })).toBe(25);
    expect(score({ credit: { at: new Date('2026-11-23T06:44:00Z') } })).toBe(85);
  });
});
