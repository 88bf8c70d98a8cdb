import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { payinOrders } from '../../../db/schema';
import { cliActor } from '../../../server/audit';
import { adjustBalance } from '../../../server/balances/adjust-balance';
import { checkoutTokenHash } from '../../../server/payins/checkout-token';
import { createTestDatabase, type TestDatabase } from '../../../tests/db/test-database';
import { disputedPayin, disputedPayout } from '../../../tests/fixtures/disputes';
import { merchantWithOwner, teamMember, type TestMember } from '../../../tests/fixtures/merchant-team';
import { traderWithBalance } from '../../../tests/fixtures/parties';
import { refusalCode, refusalsOf, refusedAll } from '../../../tests/trpc/refusal-code';
import { callerAs, merchantSession, signedInOperator, traderSession } from '../../../tests/trpc/trpc-harness';
import { appRouter } from '../root';

type Caller = ReturnType<typeof callerAs>;

/**
 * Who may read and write a dispute's conversation (docs/operator-guide.md, "Conversation"): a
 * merchant its own orders (speaking needs orders.decide), a trader its own, the buyer through its
 * checkout link; everyone else finds no such order, and a refused call changes nothing.
 */
let database: TestDatabase;
let owner: TestMember;
let support: TestMember;
let otherOwner: TestMember;
let trader: Awaited<ReturnType<typeof traderWithBalance>>;
let intruder: Awaited<ReturnType<typeof traderWithBalance>>;
let payout: { flow: 'payout'; orderId: string };
let payin: { flow: 'payin'; orderId: string };
const token = 'conversation-access-checkout-token-01';
const someId = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  ({ owner } = await merchantWithOwner(db));
  support = await teamMember(db, owner, 'support');
  ({ owner: otherOwner } = await merchantWithOwner(db));
  await adjustBalance(db, { owner: { type: 'merchant', id: owner.merchantId }, direction: 'credit', amount: '1000', memo: 'test funding' }, cliActor);
  trader = await traderWithBalance(db, '1000');
  intruder = await traderWithBalance(db, '1000');
  payout = { flow: 'payout', orderId: (await disputedPayout(db, owner.merchantId, trader.traderId)).id };
  const order = await disputedPayin(db, owner.merchantId, trader.traderId);
  await db.update(payinOrders).set({ payTokenHash: checkoutTokenHash(token) }).where(eq(payinOrders.id, order.id));
  payin = { flow: 'payin', orderId: order.id };
});
afterAll(async () => {
  await database.close();
});

const merchantCalls = {
  'merchantConversation.get': (c: Caller) => c.merchantConversation.get(payout),
  'merchantConversation.markRead': (c: Caller) => c.merchantConversation.markRead(payout),
  'merchantConversation.image': (c: Caller) => c.merchantConversation.image({ ...payout, fileId: someId }),
  'merchantConversation.post': (c: Caller) => c.merchantConversation.post({ ...payout, body: 'The recipient has nothing.' }),
  'merchantConversation.propose': (c: Caller) => c.merchantConversation.propose({ ...payout, outcome: 'cancel' }),
  'merchantConversation.answer': (c: Caller) => c.merchantConversation.answer({ ...payout, agreementId: someId, answer: 'accept' }),
};
const traderCalls = {
  'trader.conversation.get': (c: Caller) => c.trader.conversation.get(payin),
  'trader.conversation.markRead': (c: Caller) => c.trader.conversation.markRead(payin),
  'trader.conversation.image': (c: Caller) => c.trader.conversation.image({ ...payin, fileId: someId }),
  'trader.conversation.post': (c: Caller) => c.trader.conversation.post({ ...payin, body: 'Nothing arrived.' }),
  'trader.conversation.propose': (c: Caller) => c.trader.conversation.propose({ ...payin, outcome: 'cancel' }),
  'trader.conversation.answer': (c: Caller) => c.trader.conversation.answer({ ...payin, agreementId: someId, answer: 'accept' }),
};
const checkoutCalls = (link: string) => ({
  'checkout.conversation.get': (c: Caller) => c.checkout.conversation.get({ token: link }),
  'checkout.conversation.markRead': (c: Caller) => c.checkout.conversation.markRead({ token: link }),
  'checkout.conversation.image': (c: Caller) => c.checkout.conversation.image({ token: link, fileId: someId }),
  'checkout.conversation.post': (c: Caller) => c.checkout.conversation.post({ token: link, body: 'I paid.' }),
  'checkout.conversation.propose': (c: Caller) => c.checkout.conversation.propose({ token: link, outcome: 'release' }),
  'checkout.conversation.answer': (c: Caller) => c.checkout.conversation.answer({ token: link, agreementId: someId, answer: 'accept' }),
});

/** Everything a conversation call could change. */
async function state() {
  const [row] = rowsOf<Record<string, string>>(
    await database.db.execute(sql`
      select (select count(*) from dispute_messages)::text as messages,
             (select count(*) from dispute_agreements)::text as agreements,
             (select count(*) from dispute_conversation_reads)::text as reads,
             (select count(*) from audit_log)::text as audit,
             (select string_agg(status, ',' order by id) from payin_orders) as payins,
             (select string_agg(status, ',' order by id) from payout_orders) as payouts`),
  );
  return row;
}

describe('conversation procedures', () => {
  it('covers every conversation procedure of the merchant, the trader and the checkout', () => {
    const names = Object.keys(appRouter._def.procedures).filter((name) => /^(merchantConversation|trader\.conversation|checkout\.conversation)\./.test(name));
    expect(names.sort()).toEqual([...Object.keys(merchantCalls), ...Object.keys(traderCalls), ...Object.keys(checkoutCalls(token))].sort());
  });

  it('no session, an operator, another merchant, another trader, a wrong link: refused, nothing changed', async () => {
    const db = database.db;
    const operator = await signedInOperator(db);
    const before = await state();
    const anonymous = callerAs(db, null);
    expect(await refusalsOf(merchantCalls, anonymous)).toEqual(refusedAll(Object.keys(merchantCalls), 'UNAUTHENTICATED'));
    expect(await refusalsOf(traderCalls, anonymous)).toEqual(refusedAll(Object.keys(traderCalls), 'UNAUTHENTICATED'));
    expect(await refusalsOf(merchantCalls, operator.caller)).toEqual(refusedAll(Object.keys(merchantCalls), 'FORBIDDEN'));
    expect(await refusalsOf(traderCalls, operator.caller)).toEqual(refusedAll(Object.keys(traderCalls), 'FORBIDDEN'));
    const stranger = callerAs(db, merchantSession(otherOwner));
    expect(await refusalsOf(merchantCalls, stranger)).toEqual(refusedAll(Object.keys(merchantCalls), 'ORDER_NOT_FOUND'));
    const otherTrader = callerAs(db, traderSession(intruder));
    expect(await refusalsOf(traderCalls, otherTrader)).toEqual(refusedAll(Object.keys(traderCalls), 'ORDER_NOT_FOUND'));
    const wrongLink = checkoutCalls('not-this-checkout-link-at-all-0001');
    expect(await refusalsOf(wrongLink, anonymous)).toEqual(refusedAll(Object.keys(wrongLink), 'ORDER_NOT_FOUND'));
    // A support member reads but does not speak for the merchant.
    const supportCaller = callerAs(db, merchantSession(support));
    expect(await refusalsOf(merchantCalls, supportCaller, (name) => /post|propose|answer/.test(name))).toEqual(
      refusedAll(['merchantConversation.post', 'merchantConversation.propose', 'merchantConversation.answer'], 'FORBIDDEN'),
    );
    expect(await state()).toEqual(before);
  });

  it('the parties can do what the others could not; bad input is a coded 400', async () => {
    const db = database.db;
    const merchant = callerAs(db, merchantSession(owner));
    const own = callerAs(db, traderSession(trader));
    const buyer = callerAs(db, null);
    await merchant.merchantConversation.post({ ...payout, body: 'The recipient has nothing.' });
    expect((await own.trader.conversation.get(payout)).messages.map((m) => m.body)).toEqual(['The recipient has nothing.']);
    await buyer.checkout.conversation.post({ token, body: 'I paid.', images: [] });
    const view = await own.trader.conversation.get(payin);
    expect(view.messages.map((m) => [m.party, m.body])).toEqual([['buyer', 'I paid.']]);
    expect(view.canPropose).toBe(true);
    const { agreementId } = await own.trader.conversation.propose({ ...payin, outcome: 'split', splitAmount: '5' });
    expect((await buyer.checkout.conversation.get({ token })).answerable).toBe(agreementId);
    expect((await buyer.checkout.conversation.answer({ token, agreementId, answer: 'decline' })).status).toBe('declined');
    expect(await refusalCode(merchant.merchantConversation.get(payin))).toBe('RESOLVED');

    for (const call of [
      own.trader.conversation.post({ ...payin, body: 'x'.repeat(2001) }),
      own.trader.conversation.post({ ...payin, images: ['not base64!'] }),
      own.trader.conversation.get({ flow: 'refund' as never, orderId: payin.orderId }),
      own.trader.conversation.propose({ ...payin, outcome: 'half' as never }),
      buyer.checkout.conversation.post({ token, body: 'a\u0000b' }),
    ]) {
      expect(await refusalCode(call)).toMatch(/^(BAD_REQUEST|VALIDATION_FAILED)$/);
    }
  });
});
