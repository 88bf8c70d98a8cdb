import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor } from '../../../server/audit';
import { adjustBalance } from '../../../server/balances/adjust-balance';
import { createTestDatabase, type TestDatabase } from '../../../tests/db/test-database';
import { merchantWithOwner, teamMember, type TestMember } from '../../../tests/fixtures/merchant-team';
import { merchantSession } from '../../../tests/trpc/trpc-harness';
import { settlementReportResponse } from './settlement-report-response';

let database: TestDatabase;
let owner: TestMember;
let finance: TestMember;
let support: TestMember;
let otherOwner: TestMember;
const today = new Date().toISOString().slice(0, 10);
const get = (query: string) => new Request(`http://localhost/merchant/settlement-report?${query}`);

beforeAll(async () => {
  database = await createTestDatabase();
  ({ owner } = await merchantWithOwner(database.db));
  ({ owner: otherOwner } = await merchantWithOwner(database.db));
  finance = await teamMember(database.db, owner, 'finance');
  support = await teamMember(database.db, owner, 'support');
  await adjustBalance(database.db, { owner: { type: 'merchant', id: owner.merchantId }, direction: 'credit', amount: '31.5', memo: 'ours' }, cliActor);
  await adjustBalance(database.db, { owner: { type: 'merchant', id: otherOwner.merchantId }, direction: 'credit', amount: '999', memo: 'theirs' }, cliActor);
});
afterAll(async () => {
  await database.close();
});

async function refusal(response: Response) {
  return [response.status, ((await response.json()) as { error: { code: string } }).error.code];
}

describe('GET /merchant/settlement-report', () => {
  it("downloads the merchant's own signed report as CSV or PDF for the owner and finance", async () => {
    for (const member of [owner, finance]) {
      const csv = await settlementReportResponse(database.db, merchantSession(member), get(`date=${today}&format=csv`));
      expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="settlement-report-${today}.csv"`);
      const text = await csv.text();
      expect(text).toContain('#closing_balance,31.500000\r\n');
      expect(text).not.toContain('999.000000');
      expect(text).toMatch(/#signature,Ed25519,[^,]+,[A-Za-z0-9+/=]+\r\n$/);
    }
    const pdf = await settlementReportResponse(database.db, merchantSession(owner), get(`date=${today}&format=pdf`));
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(pdf.headers.get('corridor-signature')).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  it('refuses no session, support, and a bad date or format', async () => {
    expect(await refusal(await settlementReportResponse(database.db, null, get(`date=${today}&format=csv`)))).toEqual([401, 'UNAUTHENTICATED']);
    expect(await refusal(await settlementReportResponse(database.db, merchantSession(support), get(`date=${today}&format=csv`)))).toEqual([403, 'FORBIDDEN']);
    expect(await refusal(await settlementReportResponse(database.db, merchantSession(owner), get('date=2026-02-30&format=csv')))).toEqual([400, 'VALIDATION_FAILED']);
    expect(await refusal(await settlementReportResponse(database.db, merchantSession(owner), get(`date=${today}&format=xlsx`)))).toEqual([400, 'VALIDATION_FAILED']);
  });
});
