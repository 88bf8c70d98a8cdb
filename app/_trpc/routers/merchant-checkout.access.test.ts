import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { auditLog } from '../../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../../tests/db/test-database';
import { tinyPng } from '../../../tests/fixtures/images';
import { merchantWithOwner, teamMember, type TestMember } from '../../../tests/fixtures/merchant-team';
import { refusalCode, refusalsOf, refusedAll } from '../../../tests/trpc/refusal-code';
import { callerAs, merchantSession, signedInOperator, signedInTrader } from '../../../tests/trpc/trpc-harness';
import { appRouter } from '../root';

type Caller = ReturnType<typeof callerAs>;

let database: TestDatabase;
let owner: TestMember;
let calls: Record<string, (caller: Caller) => Promise<unknown>>;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ owner } = await merchantWithOwner(database.db));
  calls = {
    'merchantCheckout.settings': (c) => c.merchantCheckout.settings({}),
    'merchantCheckout.update': (c) => c.merchantCheckout.update({ checkoutDisplayName: 'Intruder', askPayerName: true }),
    'merchantCheckout.setLogo': (c) => c.merchantCheckout.setLogo({ imageBase64: null }),
  };
});
afterAll(async () => {
  await database.close();
});

async function state() {
  const [row] = rowsOf<Record<string, string>>(
    await database.db.execute(sql`
      select (select count(*) from audit_log)::text as audit,
             (select string_agg(id || ':' || coalesce(checkout_display_name, '-') || ':' || coalesce(checkout_accent_color, '-') || ':' || ask_payer_name::text, ',' order by id) from merchants) as checkout,
             (select count(*) from merchant_checkout_logos)::text as logos`),
  );
  return row;
}

const as = (member: TestMember, totpEnrolled = true) => callerAs(database.db, merchantSession(member, totpEnrolled));
const names = () => Object.keys(calls);

describe('the checkout settings: owners only, audited', () => {
  it('covers every procedure of the router', () => {
    expect(names().sort()).toEqual(Object.keys(appRouter._def.procedures).filter((name) => name.startsWith('merchantCheckout.')).sort());
  });

  it('refuses no session, a trader, an operator, every other role and an owner without a second factor; nothing changes', async () => {
    const trader = await signedInTrader(database.db);
    const operator = await signedInOperator(database.db);
    const others = [await teamMember(database.db, owner, 'developer'), await teamMember(database.db, owner, 'finance'), await teamMember(database.db, owner, 'support')];
    const before = await state();
    expect(await refusalsOf(calls, callerAs(database.db, null))).toEqual(refusedAll(names(), 'UNAUTHENTICATED'));
    expect(await refusalsOf(calls, trader.caller)).toEqual(refusedAll(names(), 'FORBIDDEN'));
    expect(await refusalsOf(calls, operator.caller)).toEqual(refusedAll(names(), 'FORBIDDEN'));
    for (const member of others) expect(await refusalsOf(calls, as(member))).toEqual(refusedAll(names(), 'FORBIDDEN'));
    expect(await refusalsOf(calls, as(owner, false))).toEqual(refusedAll(names(), 'TOTP_REQUIRED'));
    expect(await state()).toEqual(before);
  });

  it('an owner reads and changes them; bad input is refused with a code; each change is one audit row naming the user', async () => {
    const caller = as(owner);
    expect(await caller.merchantCheckout.settings({})).toMatchObject({ checkoutDisplayName: null, checkoutAccentColor: null, askPayerName: false });
    expect(await refusalCode(caller.merchantCheckout.update({ checkoutAccentColor: 'blue' }))).toBe('BAD_REQUEST');
    expect(await refusalCode(caller.merchantCheckout.setLogo({ imageBase64: Buffer.from('not an image').toString('base64') }))).toBe('VALIDATION_FAILED');
    expect(await caller.merchantCheckout.update({ checkoutDisplayName: 'Tea House', checkoutAccentColor: '#0A7C59', askPayerName: true })).toMatchObject({
      checkoutDisplayName: 'Tea House',
      checkoutAccentColor: '#0a7c59',
      askPayerName: true,
    });
    expect(await caller.merchantCheckout.setLogo({ imageBase64: Buffer.from(await tinyPng('#0a7c59')).toString('base64') })).toEqual({ hasLogo: true });
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.targetId, owner.merchantId));
    const checkoutRows = rows.filter((row) => row.action.startsWith('merchant.checkout'));
    expect(checkoutRows.map((row) => [row.action, row.actorType, row.actorId])).toEqual([
      ['merchant.checkout_update', 'merchant', owner.userId],
      ['merchant.checkout_logo_set', 'merchant', owner.userId],
    ]);
  });
});
