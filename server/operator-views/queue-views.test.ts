import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { refusalCode } from '../../tests/trpc/refusal-code';
import { signedInOperator } from '../../tests/trpc/trpc-harness';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('saved queue views', () => {
  it('are saved per operator by name, replaced under the same name, listed by name and deleted by their owner only', async () => {
    const operator = await signedInOperator(database.db);
    const other = await signedInOperator(database.db);
    await operator.caller.operator.queueViews.save({ name: 'Overdue payouts', filters: { flow: 'payout', overdueOnly: true } });
    const mine = await operator.caller.operator.queueViews.save({ name: 'Big ones', filters: { minAmount: '5000', sort: 'amount', direction: 'desc' } });
    await operator.caller.operator.queueViews.save({ name: 'Big ones', filters: { minAmount: '10000' } });

    const views = await operator.caller.operator.queueViews.list({});
    expect(views.map((view) => [view.viewId === mine.viewId, view.name])).toEqual([
      [true, 'Big ones'],
      [false, 'Overdue payouts'],
    ]);
    // Replaced whole: the earlier sort is gone with the earlier filters.
    expect(views[0]!.filters).toMatchObject({ minAmount: '10000' });
    expect(views[0]!.filters.sort).not.toBe('amount');
    expect(views[1]!.filters).toMatchObject({ flow: 'payout', overdueOnly: true });
    expect(await other.caller.operator.queueViews.list({})).toEqual([]);
    expect(await refusalCode(other.caller.operator.queueViews.delete({ viewId: mine.viewId }))).toBe('NOT_FOUND');
    await operator.caller.operator.queueViews.delete({ viewId: mine.viewId });
    expect((await operator.caller.operator.queueViews.list({})).map((view) => view.name)).toEqual(['Overdue payouts']);
  });

  it('refuses a nameless view, a bad filter, and a 21st view', async () => {
    const operator = await signedInOperator(database.db);
    expect(await refusalCode(operator.caller.operator.queueViews.save({ name: ' ', filters: {} }))).toBe('BAD_REQUEST');
    expect(await refusalCode(operator.caller.operator.queueViews.save({ name: 'x', filters: { minAmount: 'lots' } }))).toBe('BAD_REQUEST');
    for (let i = 0; i < 20; i += 1) await operator.caller.operator.queueViews.save({ name: `View ${i}`, filters: {} });
    expect(await refusalCode(operator.caller.operator.queueViews.save({ name: 'One more', filters: {} }))).toBe('VALIDATION_FAILED');
    await operator.caller.operator.queueViews.save({ name: 'View 3', filters: { claim: 'mine' } });
  });
});
