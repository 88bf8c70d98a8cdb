import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutOrders } from '../../../db/schema';
import { cliActor } from '../../../server/audit';
import { adjustBalance } from '../../../server/balances/adjust-balance';
import { createTestDatabase, type TestDatabase } from '../../../tests/db/test-database';
import { merchantWithOwner, teamMember, type TestMember } from '../../../tests/fixtures/merchant-team';
import { insertPayout } from '../../../tests/fixtures/orders';
import { merchantSession, operatorSession, signedInOperator } from '../../../tests/trpc/trpc-harness';
import { exportOrdersResponse } from './export-orders-response';

let database: TestDatabase;
let owner: TestMember;
let finance: TestMember;
let support: TestMember;
let developer: TestMember;
let otherOwner: TestMember;
let mine: { orderNo: string };
let theirs: { orderNo: string };

const get = (query: string) => new Request(`http://localhost/merchant/export?${query}`);

beforeAll(async () => {
  database = await createTestDatabase();
  ({ owner } = await merchantWithOwner(database.db));
  ({ owner: otherOwner } = await merchantWithOwner(database.db));
  finance = await teamMember(database.db, owner, 'finance');
  support = await teamMember(database.db, owner, 'support');
  developer = await teamMember(database.db, owner, 'developer');
  for (const member of [owner, otherOwner]) {
    await adjustBalance(database.db, { owner: { type: 'merchant', id: member.merchantId }, direction: 'credit', amount: '100', memo: 'test funding' }, cliActor);
  }
  mine = await insertPayout(database.db, owner.merchantId);
  await database.db.update(payoutOrders).set({ merchantOrderNo: '@SUM(A1:A9)' }).where(eq(payoutOrders.orderNo, mine.orderNo));
  theirs = await insertPayout(database.db, otherOwner.merchantId);
});
afterAll(async () => {
  await database.close();
});

async function refusal(response: Response) {
  return [response.status, ((await response.json()) as { error: { code: string } }).error.code];
}

describe('GET /merchant/export', () => {
  it('refuses no session (401), a non-merchant, support, a developer and an owner without a second factor (403)', async () => {
    const operator = await signedInOperator(database.db);
    expect(await refusal(await exportOrdersResponse(database.db, null, get('flow=payouts')))).toEqual([401, 'UNAUTHENTICATED']);
    expect(await refusal(await exportOrdersResponse(database.db, operatorSession(operator), get('flow=payouts')))).toEqual([403, 'FORBIDDEN']);
    expect(await refusal(await exportOrdersResponse(database.db, merchantSession(support), get('flow=payouts')))).toEqual([403, 'FORBIDDEN']);
    expect(await refusal(await exportOrdersResponse(database.db, merchantSession(developer), get('flow=payouts')))).toEqual([403, 'FORBIDDEN']);
    expect(await refusal(await exportOrdersResponse(database.db, merchantSession(owner, false), get('flow=payouts')))).toEqual([403, 'TOTP_REQUIRED']);
  });

  it('refuses a bad filter with VALIDATION_FAILED (400), never a 500', async () => {
    for (const query of ['flow=nope', 'flow=payouts&status=NOPE', 'flow=payouts&from=2026-13-45', 'flow=payouts&extra=1', 'flow=payouts&search=a%00b', '']) {
      expect([query, ...(await refusal(await exportOrdersResponse(database.db, merchantSession(finance), get(query))))]).toEqual([query, 400, 'VALIDATION_FAILED']);
    }
  });

  it("finance downloads its merchant's rows only, formula-safe, as an attachment that is never cached", async () => {
    const response = await exportOrdersResponse(database.db, merchantSession(finance), get('flow=payouts&status=PENDING_MATCH'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="payouts-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${mine.orderNo},'@SUM\\(A1:A9\\),PENDING_MATCH,10\\.00,`));
    expect(lines.join('\n')).not.toContain(theirs.orderNo);
    const none = await exportOrdersResponse(database.db, merchantSession(owner), get(`flow=payouts&search=${theirs.orderNo}`));
    expect((await none.text()).trimEnd().split('\r\n')).toHaveLength(1);
  });
});
