import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutCreated } from '../../clients/node/corridor-client';
import { checkedSessionUser } from '../../app/_auth/session-user';
import { auditLog, payoutOrders, traders } from '../../db/schema';
import { cliActor } from '../../server/audit';
import { changePassword, resetPassword } from '../../server/auth/change-password';
import { signInWithPassword } from '../../server/auth/sign-in';
import { setTraderStatus } from '../../server/traders/set-trader-status';
import { apiDatabase, apiMerchant, payoutBody, payoutTrader, type TestMerchant } from '../api/api-harness';
import type { TestDatabase } from '../db/test-database';
import { refusalCode } from '../trpc/refusal-code';
import { callerAs, signedInOperator } from '../trpc/trpc-harness';

/**
 * A session is a signed cookie: nothing in it changes when an operator suspends the trader or the
 * user changes their password. Corridor checks every authenticated request against the database
 * (user and trader active, session version current), so the cookie stops working at its next use.
 */
let database: TestDatabase;
let merchant: TestMerchant;
const password = 'correct horse battery';

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
});
afterAll(async () => {
  await database.close();
});

/** A trader who signed in through the real sign-in (the session carries what it returned) and holds a payout task. */
async function signedInTraderWithTask() {
  const trader = await payoutTrader(database.db, '7.0000');
  const signedIn = await signInWithPassword(database.db, { input: { email: trader.email, password, ip: '203.0.113.20' } });
  const session = { id: signedIn.userId, role: signedIn.role, traderId: signedIn.traderId, totpEnrolled: signedIn.totpEnrolled, sessionVersion: signedIn.sessionVersion };
  const caller = callerAs(database.db, session);
  const created = (await merchant.client.createPayout(payoutBody() as never, `sess-${randomUUID()}`)).body as PayoutCreated;
  await caller.trader.accept({ orderId: created.orderId });
  return { trader, session, caller, orderId: created.orderId };
}

const cardViews = (orderId: string) => database.db.select().from(auditLog).where(and(eq(auditLog.action, 'card.view'), eq(auditLog.targetId, orderId)));
const traderRow = async (traderId: string) => (await database.db.select().from(traders).where(eq(traders.id, traderId)))[0]!;
const payoutRow = async (orderId: string) => (await database.db.select().from(payoutOrders).where(eq(payoutOrders.id, orderId)))[0]!;

describe('a trader suspended by an operator tries to keep working with the session they opened before: the next call is refused (UNAUTHENTICATED) and nothing changes', () => {
  it('cannot reveal the card number, release the task or go online once suspended from the operator console', async () => {
    const { trader, session, caller, orderId } = await signedInTraderWithTask();
    expect((await caller.trader.revealAccount({ orderId })).accountNumber).toBe('6222020200112233445');
    const operator = await signedInOperator(database.db);
    await operator.caller.operator.traders.setStatus({ traderId: trader.traderId, status: 'suspended' });

    const viewsBefore = (await cardViews(orderId)).length;
    const payoutBefore = await payoutRow(orderId);
    expect(await refusalCode(caller.trader.revealAccount({ orderId }))).toBe('UNAUTHENTICATED');
    expect(await refusalCode(caller.trader.releaseTask({ orderId }))).toBe('UNAUTHENTICATED');
    expect(await refusalCode(caller.trader.setOnline({ online: true }))).toBe('UNAUTHENTICATED');
    expect(await cardViews(orderId)).toHaveLength(viewsBefore);
    expect(await payoutRow(orderId)).toEqual(payoutBefore);
    expect((await traderRow(trader.traderId)).online).toBe(false);

    // The context's check itself, as createTrpcContext runs it for the pages.
    expect(await checkedSessionUser(database.db, session)).toBeNull();

    // Lifting the suspension does not bring the old session back: the trader signs in again.
    await operator.caller.operator.traders.setStatus({ traderId: trader.traderId, status: 'active' });
    expect(await refusalCode(caller.trader.setOnline({ online: true }))).toBe('UNAUTHENTICATED');
    const again = await signInWithPassword(database.db, { input: { email: trader.email, password, ip: '203.0.113.20' } });
    expect(again.sessionVersion).toBeGreaterThan(session.sessionVersion);
    expect(await checkedSessionUser(database.db, { ...session, sessionVersion: again.sessionVersion })).toMatchObject({ id: session.id, traderId: trader.traderId });
  });

  it('is refused as well when suspended from the command line', async () => {
    const { trader, caller } = await signedInTraderWithTask();
    await setTraderStatus(database.db, { traderId: trader.traderId, status: 'suspended' }, cliActor);
    expect(await refusalCode(caller.trader.overview())).toBe('UNAUTHENTICATED');
  });

  it('is refused when only the trader row says suspended (the check joins the trader, not just the user)', async () => {
    const { trader, session } = await signedInTraderWithTask();
    await database.db.update(traders).set({ status: 'suspended' }).where(eq(traders.id, trader.traderId));
    expect(await checkedSessionUser(database.db, session)).toBeNull();
    expect(await refusalCode(callerAs(database.db, session).trader.overview())).toBe('UNAUTHENTICATED');
  });
});

describe('someone holding a session keeps it after the owner changes or resets the password: every older session is refused at once', () => {
  it('a password change ends the sessions signed in before it, and a sign-in with the new password works', async () => {
    const { trader, session, caller } = await signedInTraderWithTask();
    await changePassword(database.db, { userId: trader.userId, current: password, next: 'a completely new password' });
    expect(await refusalCode(caller.trader.setOnline({ online: false }))).toBe('UNAUTHENTICATED');
    expect(await checkedSessionUser(database.db, session)).toBeNull();
    const fresh = await signInWithPassword(database.db, { input: { email: trader.email, password: 'a completely new password', ip: '203.0.113.21' } });
    expect(await refusalCode(callerAs(database.db, { ...session, sessionVersion: fresh.sessionVersion }).trader.overview())).toBe('RESOLVED');
  });

  it('a reset from the command line ends them too', async () => {
    const { trader, caller } = await signedInTraderWithTask();
    await resetPassword(database.db, { email: trader.email, next: 'another brand new password', actor: cliActor });
    expect(await refusalCode(caller.trader.overview())).toBe('UNAUTHENTICATED');
  });

  it('"sign out everywhere" ends every session of the user, operators included', async () => {
    const operator = await signedInOperator(database.db);
    expect(await refusalCode(operator.caller.operator.traders.list({}))).toBe('RESOLVED');
    await operator.caller.account.signOutEverywhere({});
    expect(await refusalCode(operator.caller.operator.traders.list({}))).toBe('UNAUTHENTICATED');
    expect(await database.db.select().from(auditLog).where(and(eq(auditLog.action, 'auth.sign_out_everywhere'), eq(auditLog.targetId, operator.userId)))).toHaveLength(1);
  });

  it('a session without a version (signed in before versions existed) or with another role is refused', async () => {
    const { session } = await signedInTraderWithTask();
    expect(await checkedSessionUser(database.db, { ...session, sessionVersion: undefined })).toBeNull();
    expect(await checkedSessionUser(database.db, { ...session, role: 'operator', traderId: null })).toBeNull();
    expect(await checkedSessionUser(database.db, session)).toMatchObject({ id: session.id });
  });
});
