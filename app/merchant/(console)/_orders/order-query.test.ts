import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/db/test-database';
import { merchantWithOwner, type TestMember } from '../../../../tests/fixtures/merchant-team';
import { callerAs, merchantSession } from '../../../../tests/trpc/trpc-harness';
import { errorText } from '../../../_components/error-text';
import { refusalOf } from '../../../_trpc/refusal-of';
import { parseOrderQuery } from './order-query';

/** What the orders page says above its table for a query string (the line merchants read). */
const refusalLine = (flow: 'payouts' | 'payins', params: Record<string, string>) => {
  const { refusal } = parseOrderQuery(flow, params);
  return refusal ? errorText(refusal, 'en', { search: 'Search', status: 'Status', from: 'Created from', to: 'Created to', sort: 'Sort', page: 'Page' }) : null;
};

describe('the orders pages read their query string on the server', () => {
  it.each([
    ['payouts', { from: '2026-13-45' }, 'Created from'],
    ['payouts', { from: 'yesterday' }, 'Created from'],
    ['payouts', { to: '2026-02-30' }, 'Created to'],
    ['payouts', { status: 'NOPE' }, 'Status'],
    ['payins', { from: '2026-13-45' }, 'Created from'],
    ['payins', { status: 'NOPE' }, 'Status'],
    ['payins', { search: 'x'.repeat(65) }, 'Search'],
    ['payins', { search: 'WD\u0000' }, 'Search'],
    ['payouts', { page: 'abc' }, 'Page'],
    ['payouts', { page: '9'.repeat(400) }, 'Page'],
    ['payouts', { page: '0' }, 'Page'],
    ['payins', { sort: 'sideways' }, 'Sort'],
  ] as const)('%s with %o is refused inline, naming %s', (flow, params, field) => {
    const line = refusalLine(flow, params);
    expect(line).toMatch(new RegExp(`^Some fields need attention: ${field} .+\\.$`));
    expect(line).not.toContain('VALIDATION_FAILED');
  });

  it('a valid filter passes as the form shows it; a refused sort or page is shown back as the first page, newest first', () => {
    expect(parseOrderQuery('payouts', { from: '2026-11-01', to: '2026-11-23', status: 'COMPLETED', sort: 'oldest', page: '2' })).toEqual({
      filter: { search: undefined, status: ['COMPLETED'], from: '2026-11-01', to: '2026-11-23', sort: 'oldest', page: 2 },
      refusal: null,
    });
    expect(parseOrderQuery('payins', { sort: 'sideways', page: 'abc', status: ['PENDING_PAYMENT', 'COMPLETED'] }).filter).toMatchObject({ sort: 'newest', page: 1, status: ['PENDING_PAYMENT'] });
    expect(parseOrderQuery('payins', { status: 'PAYMENT_OVERDUE' }).refusal).not.toBeNull();
  });
});

describe('a refusal of a procedure called on the server', () => {
  let database: TestDatabase;
  let owner: TestMember;
  beforeAll(async () => {
    database = await createTestDatabase();
    ({ owner } = await merchantWithOwner(database.db));
  });
  afterAll(async () => {
    await database.close();
  });

  it('is worded as the browser would word it: each field by its label, in the page’s language, never the code', async () => {
    const caller = callerAs(database.db, merchantSession(owner));
    const thrown = await caller.merchantOrders.payouts({ from: '2026-13-45' } as never).then(
      () => null,
      (error: unknown) => error,
    );
    expect(errorText(refusalOf(thrown), 'en', { from: 'Created from' })).toMatch(/^Some fields need attention: Created from .+\.$/);
    expect(errorText(refusalOf(thrown), 'zh', { from: '创建时间起' })).toBe('请检查“创建时间起”：填写的值无效。');
    const missing = await caller.merchantOrders.payout({ reference: 'WD-NOPE' }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(errorText(refusalOf(missing))).toBe('No payout with this orderNo or merchantOrderNo.');
    expect(errorText(refusalOf(missing), 'zh')).toBe('订单不存在。');
  });

  it('anything that is not a refusal of the input is thrown on', () => {
    const failure = new Error('database down');
    expect(() => refusalOf(failure)).toThrow(failure);
  });
});
