import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { createTestDatabase, type TestDatabase } from '../../../tests/db/test-database';
import { merchantWithOwner, teamMember, type TestMember } from '../../../tests/fixtures/merchant-team';
import { refusalCode, refusalsOf, refusedAll } from '../../../tests/trpc/refusal-code';
import { callerAs, merchantSession, signedInOperator, signedInTrader } from '../../../tests/trpc/trpc-harness';
import { appRouter } from '../root';

type Caller = ReturnType<typeof callerAs>;

let database: TestDatabase;
let owner: TestMember;
let developer: TestMember;
let finance: TestMember;
let support: TestMember;
let otherOwner: TestMember;
let theirRuleId: string;
let calls: Record<string, (caller: Caller) => Promise<unknown>>;

const as = (member: TestMember, totpEnrolled = true) => callerAs(database.db, merchantSession(member, totpEnrolled));
const velocity = { kind: 'velocity' as const, per: 'client_address' as const, windowMinutes: 60, maxCount: 3 };

beforeAll(async () => {
  database = await createTestDatabase();
  ({ owner } = await merchantWithOwner(database.db));
  developer = await teamMember(database.db, owner, 'developer');
  finance = await teamMember(database.db, owner, 'finance');
  support = await teamMember(database.db, owner, 'support');
  ({ owner: otherOwner } = await merchantWithOwner(database.db));
  theirRuleId = (await as(otherOwner).merchantRisk.createRule({ name: 'Theirs', flows: ['payout'], condition: velocity, action: 'block' })).id;
  calls = {
    'merchantRisk.rules': (c) => c.merchantRisk.rules({}),
    'merchantRisk.createRule': (c) => c.merchantRisk.createRule({ name: 'Probe', flows: ['payout'], condition: velocity, action: 'block' }),
    'merchantRisk.backTest': (c) => c.merchantRisk.backTest({ ruleId: theirRuleId }),
    'merchantRisk.setEnabled': (c) => c.merchantRisk.setEnabled({ ruleId: theirRuleId, enabled: true }),
  };
});
afterAll(async () => {
  await database.close();
});

async function state() {
  const [row] = rowsOf<Record<string, string>>(
    await database.db.execute(sql`select (select count(*) from audit_log)::text as audit,
                                         (select string_agg(id || coalesce(merchant_id::text, '-') || enabled::text, ',' order by id) from risk_rules) as rules`),
  );
  return row;
}

describe("a merchant's risk rules", () => {
  it('covers every procedure of the router', () => {
    expect(Object.keys(calls).sort()).toEqual(Object.keys(appRouter._def.procedures).filter((name) => name.startsWith('merchantRisk.')).sort());
  });

  it('no session: UNAUTHENTICATED; a trader or operator, developer, finance, support: FORBIDDEN; an owner without a second factor: TOTP_REQUIRED; nothing changed', async () => {
    const trader = await signedInTrader(database.db);
    const operator = await signedInOperator(database.db);
    const before = await state();
    const names = Object.keys(calls);
    expect(await refusalsOf(calls, callerAs(database.db, null))).toEqual(refusedAll(names, 'UNAUTHENTICATED'));
    expect(await refusalsOf(calls, trader.caller)).toEqual(refusedAll(names, 'FORBIDDEN'));
    expect(await refusalsOf(calls, operator.caller)).toEqual(refusedAll(names, 'FORBIDDEN'));
    for (const member of [developer, finance, support]) expect(await refusalsOf(calls, as(member))).toEqual(refusedAll(names, 'FORBIDDEN'));
    expect(await refusalsOf(calls, as(owner, false))).toEqual(refusedAll(names, 'TOTP_REQUIRED'));
    expect(await state()).toEqual(before);
  });

  it("an owner writes, back-tests and switches its own rules, and never sees or touches another merchant's", async () => {
    const before = await state();
    expect(await refusalCode(as(owner).merchantRisk.backTest({ ruleId: theirRuleId }))).toBe('NOT_FOUND');
    expect(await refusalCode(as(owner).merchantRisk.setEnabled({ ruleId: theirRuleId, enabled: true }))).toBe('NOT_FOUND');
    // The scope is the signed-in merchant: a merchantId in the input is refused, not obeyed.
    expect(await refusalCode(as(owner).merchantRisk.createRule({ merchantId: otherOwner.merchantId, name: 'X', flows: ['payout'], condition: velocity, action: 'block' } as never))).toBe('BAD_REQUEST');
    expect(await state()).toEqual(before);

    const mine = await as(owner).merchantRisk.createRule({ name: 'Mine', flows: ['payout'], condition: velocity, action: 'review' });
    expect(mine).toMatchObject({ merchantId: owner.merchantId, enabled: false });
    expect((await as(owner).merchantRisk.rules({})).map((rule) => rule.name)).toEqual(['Mine']);
    expect(await as(owner).merchantRisk.backTest({ ruleId: mine.id })).toMatchObject({ flows: [{ flow: 'payout', evaluated: 0, matched: 0 }] });
    expect(await as(owner).merchantRisk.setEnabled({ ruleId: mine.id, enabled: true })).toMatchObject({ enabled: true });
    await as(owner).merchantRisk.setEnabled({ ruleId: mine.id, enabled: false });
  });
});
