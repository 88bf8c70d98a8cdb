import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor } from '../../../server/audit';
import { adjustBalance } from '../../../server/balances/adjust-balance';
import { merchantBalance } from '../../../server/balances/merchant-balance';
import { createTestDatabase, type TestDatabase } from '../../../tests/db/test-database';
import { merchantWithOwner, teamMember, type TestMember } from '../../../tests/fixtures/merchant-team';
import { merchantSession, operatorSession, signedInOperator } from '../../../tests/trpc/trpc-harness';
import { statementExportResponse } from './statement-export-response';

let database: TestDatabase;
let owner: TestMember;
let finance: TestMember;
let support: TestMember;
let developer: TestMember;
let otherOwner: TestMember;

const get = (query: string) => new Request(`http://localhost/merchant/statement-export?${query}`);

beforeAll(async () => {
  database = await createTestDatabase();
  ({ owner } = await merchantWithOwner(database.db));
  ({ owner: otherOwner } = await merchantWithOwner(database.db));
  finance = await teamMember(database.db, owner, 'finance');
  support = await teamMember(database.db, owner, 'support');
  developer = await teamMember(database.db, owner, 'developer');
  const credit = (merchantId: string, amount: string, memo: string) =>
    adjustBalance(database.db, { owner: { type: 'merchant', id: merchantId }, direction: 'credit', amount, memo }, cliActor);
  await credit(owner.merchantId, '100.5', 'first');
  await credit(owner.merchantId, '20.25', 'second');
  await credit(otherOwner.merchantId, '999', 'theirs');
});
afterAll(async () => {
  await database.close();
});

async function refusal(response: Response) {
  return [response.status, ((await response.json()) as { error: { code: string } }).error.code];
}

describe('GET /merchant/statement-export', () => {
  it('refuses no session (401), a non-merchant, support, a developer and an owner without a second factor (403)', async () => {
    const operator = await signedInOperator(database.db);
    expect(await refusal(await statementExportResponse(database.db, null, get('')))).toEqual([401, 'UNAUTHENTICATED']);
    expect(await refusal(await statementExportResponse(database.db, operatorSession(operator), get('')))).toEqual([403, 'FORBIDDEN']);
    expect(await refusal(await statementExportResponse(database.db, merchantSession(support), get('')))).toEqual([403, 'FORBIDDEN']);
    expect(await refusal(await statementExportResponse(database.db, merchantSession(developer), get('')))).toEqual([403, 'FORBIDDEN']);
    expect(await refusal(await statementExportResponse(database.db, merchantSession(owner, false), get('')))).toEqual([403, 'TOTP_REQUIRED']);
  });

  it('refuses a bad filter with VALIDATION_FAILED (400), never a 500', async () => {
    const bad = ['account=both', 'from=2026-13-45', 'from=2026-02-01&to=2026-01-01', 'month=2026-13', 'month=2026-01&from=2026-01-01', 'limit=5', 'account=a%00b'];
    for (const query of bad) {
      expect([query, ...(await refusal(await statementExportResponse(database.db, merchantSession(finance), get(query))))]).toEqual([query, 400, 'VALIDATION_FAILED']);
    }
  });

  it("streams the merchant's own statement as CSV; its last running balance is the available balance", async () => {
    const response = await statementExportResponse(database.db, merchantSession(finance), get('account=available&from=&to='));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="statement-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await response.text()).trim().split(/\r?\n/);
    expect(lines[0]).toBe('id,created_at,account,type,amount,fee,balance_after,flow,order_no,merchant_order_no');
    expect(lines.slice(1).map((line) => line.split(',')[4])).toEqual(['100.500000', '20.250000']);
    const last = lines.at(-1)!.split(',')[6];
    expect(last).toBe((await merchantBalance(database.db, owner.merchantId)).available);
    expect(lines.join('\n')).not.toContain('999.000000');
  });

  it('a month is that month only, named for it', async () => {
    const thisMonth = new Date().toISOString().slice(0, 7);
    const now = await statementExportResponse(database.db, merchantSession(owner), get(`month=${thisMonth}`));
    expect(now.headers.get('content-disposition')).toBe(`attachment; filename="statement-${thisMonth}.csv"`);
    expect((await now.text()).trim().split(/\r?\n/)).toHaveLength(3);
    const past = await statementExportResponse(database.db, merchantSession(owner), get('month=2001-01'));
    expect((await past.text()).trim().split(/\r?\n/)).toHaveLength(1);
  });
});
