import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor } from '../../../server/audit';
import { adjustBalance } from '../../../server/balances/adjust-balance';
import { createTestDatabase, type TestDatabase } from '../../../tests/db/test-database';
import { merchantWithOwner, teamMember, type TestMember } from '../../../tests/fixtures/merchant-team';
import { refusalCode } from '../../../tests/trpc/refusal-code';
import { callerAs, merchantSession, signedInTrader, traderSession } from '../../../tests/trpc/trpc-harness';

/** Statements and settlement reports in the consoles: the owner and finance read their merchant's, support none; a trader its own. */

let database: TestDatabase;
let owner: TestMember;
let finance: TestMember;
let support: TestMember;
let otherOwner: TestMember;
const as = (member: TestMember) => callerAs(database.db, merchantSession(member));
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  database = await createTestDatabase();
  owner = (await merchantWithOwner(database.db)).owner;
  finance = await teamMember(database.db, owner, 'finance');
  support = await teamMember(database.db, owner, 'support');
  otherOwner = (await merchantWithOwner(database.db)).owner;
  await adjustBalance(database.db, { owner: { type: 'merchant', id: owner.merchantId }, direction: 'credit', amount: '9.50', memo: 'funding' }, cliActor);
  await adjustBalance(database.db, { owner: { type: 'merchant', id: otherOwner.merchantId }, direction: 'credit', amount: '1.25', memo: 'funding' }, cliActor);
});
afterAll(async () => {
  await database.close();
});

describe('merchantBalance.periodStatement and settlementReport', () => {
  it("answer the owner and finance with their merchant's figures, and refuse support", async () => {
    for (const member of [owner, finance]) {
      const statement = await as(member).merchantBalance.periodStatement({});
      expect([statement.openingBalance, statement.credits, statement.debits, statement.closingBalance]).toEqual(['0.000000', '9.500000', '0.000000', '9.500000']);
      expect(statement.categories).toEqual([{ category: 'adjustment', credits: '9.500000', debits: '0.000000' }]);
      const { report } = await as(member).merchantBalance.settlementReport({ date: today() });
      expect([report.merchantId, report.totals.net]).toEqual([owner.merchantId, '9.500000']);
    }
    expect((await as(otherOwner).merchantBalance.periodStatement({})).closingBalance).toBe('1.250000');
    expect(await refusalCode(as(support).merchantBalance.periodStatement({}))).toBe('FORBIDDEN');
    expect(await refusalCode(as(support).merchantBalance.settlementReport({ date: today() }))).toBe('FORBIDDEN');
    expect(await refusalCode(as(owner).merchantBalance.settlementReport({ date: '2026-02-30' }))).toBe('BAD_REQUEST');
  });
});

describe('traderWallet.statement', () => {
  it("answers the trader's own statement", async () => {
    const trader = await signedInTrader(database.db, '40.00');
    const statement = await callerAs(database.db, traderSession(trader)).traderWallet.statement({});
    expect([statement.owner, statement.closingBalance]).toEqual([{ type: 'trader', id: trader.traderId }, '40.000000']);
  });
});
