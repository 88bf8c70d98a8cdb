import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertDeliveries, auditLog, disputeMessages, payinOrders, payoutOrders, telegramLinks } from '../../db/schema';
import { alertText } from '../alerts/alert-messages';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { disputedPayin, disputedPayout } from '../../tests/fixtures/disputes';
import { tinyPng } from '../../tests/fixtures/images';
import { insertPayin } from '../../tests/fixtures/orders';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { signedInOperator } from '../../tests/trpc/trpc-harness';
import { balancesOf } from '../ledger/balances';
import { Dec } from '../money/decimal';
import { checkoutTokenHash } from '../payins/checkout-token';
import { payinSplitLegs } from '../rulings/split-ruling';
import { decideRulingProposal } from './decide-ruling-proposal';
import { getDisputeCase } from './get-dispute-case';
import { loadMessageImage } from './load-message-image';
import { markPartyConversationRead, partyConversation } from './party-conversation';
import { postDisputeMessage } from './post-dispute-message';
import { ruleDispute } from './rule-dispute';
import { answerSettlement, proposeSettlement } from './settle-dispute';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

let tokens = 0;
/** A disputed pay-in with a checkout link the test holds, and its two sides as conversation actors. */
async function disputedPayinCase(assetAmount = '10.000000') {
  const db = database.db;
  const merchant = await merchantWithBalance(db, '1000.000000');
  const trader = await traderWithBalance(db, '5000.000000');
  const order = await disputedPayin(db, merchant.merchantId, trader.traderId, assetAmount);
  const token = `conversation-checkout-token-${String(++tokens).padStart(6, '0')}`;
  await db.update(payinOrders).set({ payTokenHash: checkoutTokenHash(token) }).where(eq(payinOrders.id, order.id));
  const ref = { flow: 'payin' as const, orderId: order.id };
  return {
    db,
    merchant,
    trader,
    order,
    ref,
    buyer: { party: 'buyer', token } as const,
    traderActor: { party: 'trader', traderId: trader.traderId } as const,
    merchantActor: { party: 'merchant', merchantId: merchant.merchantId } as const,
  };
}

const codeOf = (promise: Promise<unknown>) => promise.then(
  () => 'no error',
  (error: { code?: string }) => error.code ?? String(error),
);
const gained = (after: string | undefined, before: string | undefined) => new Dec(after ?? '0').minus(before ?? '0').toFixed(6);

describe('messages', () => {
  it('the buyer and the trader exchange text and an image; each sees the other read it; the operator sees it all with names', async () => {
    const { db, ref, buyer, traderActor } = await disputedPayinCase();
    const original = await tinyPng('#123456');
    const t0 = new Date('2026-11-27T10:00:00.000Z');
    const fromBuyer = await postDisputeMessage(db, { actor: buyer, ref: null, body: 'I paid at 09:12, here is the slip.', files: [original], now: t0 });
    expect(fromBuyer.files).toHaveLength(1);
    // The proof pipeline: the original's SHA-256 is kept, the stored bytes are a re-encoded image.
    expect(fromBuyer.files[0]!.sha256).toBe(createHash('sha256').update(original).digest('hex'));
    const stored = await loadMessageImage(db, { actor: traderActor, ref, fileId: fromBuyer.files[0]!.id });
    expect(stored.contentType).toBe('image/png');
    expect((await sharp(Buffer.from(stored.data)).metadata()).width).toBe(16);

    // Not read by the trader yet.
    let seenByBuyer = await partyConversation(db, { actor: buyer, ref: null, now: t0 });
    expect(seenByBuyer.messages.map((m) => [m.party, m.body, m.readBy])).toEqual([['buyer', 'I paid at 09:12, here is the slip.', []]]);

    const t1 = new Date(t0.getTime() + 30_000);
    await markPartyConversationRead(db, { actor: traderActor, ref, now: t1 });
    await postDisputeMessage(db, { actor: traderActor, ref, body: 'Only part of it arrived.', now: new Date(t1.getTime() + 1000) });
    seenByBuyer = await partyConversation(db, { actor: buyer, ref: null, now: t1 });
    expect(seenByBuyer.messages.map((m) => [m.party, m.body, m.readBy])).toEqual([
      ['buyer', 'I paid at 09:12, here is the slip.', ['trader']],
      ['trader', 'Only part of it arrived.', []],
    ]);
    // The parties see sides, not names.
    expect(seenByBuyer.messages.every((m) => m.authorName === null)).toBe(true);

    const operator = await signedInOperator(db);
    const kase = await getDisputeCase(db, ref);
    expect(kase.conversation.messages.map((m) => [m.party, m.authorName, m.body])).toEqual([
      ['buyer', null, 'I paid at 09:12, here is the slip.'],
      ['trader', expect.stringMatching(/^Trader /), 'Only part of it arrived.'],
    ]);
    expect(kase.conversation.messages[0]!.files[0]!.sha256).toBe(fromBuyer.files[0]!.sha256);
    // An operator may join and its words are in the conversation too.
    await postDisputeMessage(db, { actor: { party: 'operator', operatorId: operator.userId }, ref, body: 'Please both attach your bank statements.' });
    expect((await partyConversation(db, { actor: traderActor, ref })).messages.at(-1)).toMatchObject({ party: 'operator', body: 'Please both attach your bank statements.' });

    // The audit log records that a message was posted, never its words.
    const audits = await db.select().from(auditLog).where(eq(auditLog.targetId, ref.orderId));
    const posted = audits.filter((row) => row.action === 'dispute.message_posted');
    expect(posted).toHaveLength(3);
    expect(JSON.stringify(posted)).not.toContain('09:12');
  });

  it("the trader hears of the buyer's message on its linked chat: whose and which order, never the words", async () => {
    const { db, ref, buyer, trader, order } = await disputedPayinCase();
    await db.insert(telegramLinks).values({ userId: trader.userId, chatId: `chat-${trader.traderId}` });
    const posted = await postDisputeMessage(db, { actor: buyer, ref: null, body: 'Secret words 6222020200112233445.' });
    const alerts = await db.select().from(alertDeliveries).where(eq(alertDeliveries.dedupeKey, `dispute_message:${posted.id}:${trader.userId}:telegram`));
    expect(alerts.map((row) => [row.kind, row.params])).toEqual([['dispute_message', { orderNo: order.orderNo, flow: 'payin', party: 'buyer' }]]);
    expect(alertText('dispute_message', alerts[0]!.params, 'en')).toBe(`New message from the buyer in the dispute on pay-in ${order.orderNo}.`);
    // Its own words reach nobody's alerts; the author's side gets none.
    await postDisputeMessage(db, { actor: { party: 'trader', traderId: trader.traderId }, ref, body: 'Checking.' });
    expect((await db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, trader.userId))).length).toBe(1);
  });

  it('another trader, another merchant and a wrong link cannot read or write: the order does not exist for them', async () => {
    const { db, ref, buyer } = await disputedPayinCase();
    await postDisputeMessage(db, { actor: buyer, ref: null, body: 'hello' });
    const stranger = await traderWithBalance(db, '1.000000');
    const otherMerchant = await merchantWithBalance(db, '1.000000');
    expect(await codeOf(partyConversation(db, { actor: { party: 'trader', traderId: stranger.traderId }, ref }))).toBe('ORDER_NOT_FOUND');
    expect(await codeOf(postDisputeMessage(db, { actor: { party: 'trader', traderId: stranger.traderId }, ref, body: 'hi' }))).toBe('ORDER_NOT_FOUND');
    expect(await codeOf(partyConversation(db, { actor: { party: 'merchant', merchantId: otherMerchant.merchantId }, ref }))).toBe('ORDER_NOT_FOUND');
    expect(await codeOf(partyConversation(db, { actor: { party: 'buyer', token: 'not-the-right-token-at-all-000' }, ref: null }))).toBe('ORDER_NOT_FOUND');
    const image = (await postDisputeMessage(db, { actor: buyer, ref: null, files: [await tinyPng('blue')] })).files[0]!.id;
    expect(await codeOf(loadMessageImage(db, { actor: { party: 'trader', traderId: stranger.traderId }, ref, fileId: image }))).toBe('ORDER_NOT_FOUND');
  });

  it('refuses a blank or too long text, four images, control characters and an order not disputed, writing nothing', async () => {
    const { db, ref, traderActor, merchant, trader } = await disputedPayinCase();
    const count = async () => (await db.select().from(disputeMessages).where(eq(disputeMessages.orderId, ref.orderId))).length;
    expect(await codeOf(postDisputeMessage(db, { actor: traderActor, ref }))).toBe('VALIDATION_FAILED');
    expect(await codeOf(postDisputeMessage(db, { actor: traderActor, ref, body: '   ' }))).toBe('VALIDATION_FAILED');
    expect(await codeOf(postDisputeMessage(db, { actor: traderActor, ref, body: 'x'.repeat(2001) }))).toBe('VALIDATION_FAILED');
    expect(await codeOf(postDisputeMessage(db, { actor: traderActor, ref, body: 'a\u0000b' }))).toBe('VALIDATION_FAILED');
    const png = await tinyPng('white');
    expect(await codeOf(postDisputeMessage(db, { actor: traderActor, ref, files: [png, png, png, png] }))).toBe('VALIDATION_FAILED');
    expect(await codeOf(postDisputeMessage(db, { actor: traderActor, ref, files: [new TextEncoder().encode('not an image')] }))).toBe('VALIDATION_FAILED');
    expect(await count()).toBe(0);
    // Two thousand characters over several lines are fine.
    await postDisputeMessage(db, { actor: traderActor, ref, body: `${'y'.repeat(1000)}\n${'z'.repeat(999)}` });
    expect(await count()).toBe(1);

    const pending = await insertPayin(db, merchant.merchantId, trader.traderId, '5.000000');
    expect(await codeOf(postDisputeMessage(db, { actor: traderActor, ref: { flow: 'payin', orderId: pending.id }, body: 'too early' }))).toBe('INVALID_ORDER_STATE');
  });

  it('holds each party to 10 messages a minute in one conversation', async () => {
    const { db, ref, traderActor, buyer } = await disputedPayinCase();
    const t0 = new Date('2026-11-27T11:00:00.000Z');
    for (let i = 0; i < 10; i++) await postDisputeMessage(db, { actor: traderActor, ref, body: `message ${i}`, now: new Date(t0.getTime() + i * 1000) });
    const refused = await postDisputeMessage(db, { actor: traderActor, ref, body: 'one too many', now: new Date(t0.getTime() + 20_000) }).catch((error: { code: string; meta: Record<string, string> }) => error);
    expect(refused).toMatchObject({ code: 'DISPUTE_MESSAGE_RATE_LIMITED', meta: { retryAfterSeconds: '40' } });
    // The other side is not held back, and the trader may go on once the minute has passed.
    await postDisputeMessage(db, { actor: buyer, ref: null, body: 'my turn', now: new Date(t0.getTime() + 20_000) });
    await postDisputeMessage(db, { actor: traderActor, ref, body: 'later', now: new Date(t0.getTime() + 60_001) });
    expect((await partyConversation(db, { actor: buyer, ref: null })).messages).toHaveLength(12);
  });
});

describe('settlements', () => {
  it('the trader proposes a split and the buyer accepts: the pay-in closes with parties_agreed and exact balances', async () => {
    const { db, ref, buyer, traderActor, merchant, trader, order } = await disputedPayinCase();
    const traderView = await partyConversation(db, { actor: traderActor, ref });
    expect(traderView).toMatchObject({ canPropose: true, answerable: null });
    const { agreementId } = await proposeSettlement(db, { actor: traderActor, ref, outcome: 'split', splitAmount: '4' });
    const buyerView = await partyConversation(db, { actor: buyer, ref: null });
    expect(buyerView.answerable).toBe(agreementId);
    expect(buyerView.settlements).toEqual([expect.objectContaining({ outcome: 'split', ruling: 'split', splitAmount: '4.000000', proposedBy: 'trader', status: 'open' })]);

    const before = { merchant: await balancesOf(db, 'merchant', merchant.merchantId), trader: await balancesOf(db, 'trader', trader.traderId) };
    const result = await answerSettlement(db, { actor: buyer, ref: null, agreementId, answer: 'accept' });
    expect(result).toMatchObject({ status: 'accepted', outcome: 'ruled', orderStatus: 'COMPLETED' });
    const after = { merchant: await balancesOf(db, 'merchant', merchant.merchantId), trader: await balancesOf(db, 'trader', trader.traderId) };

    const [row] = await db.select().from(payinOrders).where(eq(payinOrders.id, order.id));
    expect(row).toMatchObject({ status: 'COMPLETED', resolutionCode: 'parties_agreed', resolutionMerchantAmount: '4.000000' });
    const legs = payinSplitLegs(row!, '4.000000');
    expect(gained(after.trader.available, before.trader.available)).toBe('6.000000');
    expect(gained(after.merchant.available, before.merchant.available)).toBe(legs.merchantAmount);

    // The conversation is closed; the case shows the settlement and the notices.
    expect(await codeOf(postDisputeMessage(db, { actor: buyer, ref: null, body: 'thanks' }))).toBe('INVALID_ORDER_STATE');
    const kase = await getDisputeCase(db, ref);
    expect(kase.conversation.settlements).toEqual([expect.objectContaining({ id: agreementId, status: 'accepted', decidedBy: 'buyer' })]);
    expect(kase.conversation.messages.map((m) => [m.party, m.agreementId])).toEqual([
      ['trader', agreementId],
      ['buyer', agreementId],
    ]);
  });

  it('only the settling sides propose, only the other side accepts, one open proposal at a time', async () => {
    const { db, ref, buyer, traderActor, merchantActor } = await disputedPayinCase();
    expect(await codeOf(proposeSettlement(db, { actor: merchantActor, ref, outcome: 'release' }))).toBe('ACTION_NOT_ALLOWED');
    const operator = await signedInOperator(db);
    expect(await codeOf(proposeSettlement(db, { actor: { party: 'operator', operatorId: operator.userId }, ref, outcome: 'release' }))).toBe('ACTION_NOT_ALLOWED');
    expect(await codeOf(proposeSettlement(db, { actor: traderActor, ref, outcome: 'split', splitAmount: '10' }))).toBe('SPLIT_AMOUNT_INVALID');
    expect(await codeOf(proposeSettlement(db, { actor: traderActor, ref, outcome: 'release', splitAmount: '1' }))).toBe('SPLIT_AMOUNT_INVALID');

    const first = await proposeSettlement(db, { actor: traderActor, ref, outcome: 'cancel' });
    expect(await codeOf(answerSettlement(db, { actor: traderActor, ref, agreementId: first.agreementId, answer: 'accept' }))).toBe('ACTION_NOT_ALLOWED');
    expect(await codeOf(answerSettlement(db, { actor: merchantActor, ref, agreementId: first.agreementId, answer: 'accept' }))).toBe('ACTION_NOT_ALLOWED');
    expect(await codeOf(proposeSettlement(db, { actor: buyer, ref: null, outcome: 'release' }))).toBe('SETTLEMENT_OPEN');
    // The trader's new proposal replaces its own.
    const second = await proposeSettlement(db, { actor: traderActor, ref, outcome: 'split', splitAmount: '2.5' });
    expect(await codeOf(answerSettlement(db, { actor: buyer, ref: null, agreementId: first.agreementId, answer: 'accept' }))).toBe('PROPOSAL_NOT_PENDING');
    await answerSettlement(db, { actor: buyer, ref: null, agreementId: second.agreementId, answer: 'decline' });
    const view = await partyConversation(db, { actor: buyer, ref: null });
    expect(view.settlements.map((s) => s.status)).toEqual(['withdrawn', 'declined']);
    expect(view.status).toBe('DISPUTED');
    // Now the buyer may propose.
    await proposeSettlement(db, { actor: buyer, ref: null, outcome: 'release' });
  });

  it('on a payout the merchant proposes the refund and the trader accepts: CANCELLED with parties_agreed, the merchant refunded', async () => {
    const db = database.db;
    const merchant = await merchantWithBalance(db, '1000.000000');
    const trader = await traderWithBalance(db, '100.000000');
    const order = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const ref = { flow: 'payout' as const, orderId: order.id };
    const merchantActor = { party: 'merchant', merchantId: merchant.merchantId } as const;
    const traderActor = { party: 'trader', traderId: trader.traderId } as const;
    const before = await balancesOf(db, 'merchant', merchant.merchantId);
    const { agreementId } = await proposeSettlement(db, { actor: merchantActor, ref, outcome: 'cancel' });
    expect((await partyConversation(db, { actor: traderActor, ref })).settlements[0]).toMatchObject({ ruling: 'refund' });
    await answerSettlement(db, { actor: traderActor, ref, agreementId, answer: 'accept' });
    const [row] = await db.select().from(payoutOrders).where(eq(payoutOrders.id, order.id));
    expect(row).toMatchObject({ status: 'CANCELLED', resolutionCode: 'parties_agreed' });
    const after = await balancesOf(db, 'merchant', merchant.merchantId);
    expect(gained(after.available, before.available)).toBe(new Dec(row!.usdAmount).plus(row!.usdFeeAmount).toFixed(6));
  });

  it('above the four-eyes threshold an accepted settlement waits for two operators, then applies with parties_agreed', async () => {
    const { db, ref, buyer, traderActor, order } = await disputedPayinCase('1500.000000');
    const { agreementId } = await proposeSettlement(db, { actor: traderActor, ref, outcome: 'release' });
    const accepted = await answerSettlement(db, { actor: buyer, ref: null, agreementId, answer: 'accept' });
    expect(accepted).toMatchObject({ outcome: 'proposed', orderStatus: 'DISPUTED' });
    expect((await db.select().from(payinOrders).where(eq(payinOrders.id, order.id)))[0]!.status).toBe('DISPUTED');
    const operator = await signedInOperator(db);
    const decided = await decideRulingProposal(db, { input: { proposalId: (accepted as { proposalId: string }).proposalId, decision: 'approve' }, operator: { id: operator.userId } });
    expect(decided.orderStatus).toBe('COMPLETED');
    expect((await db.select().from(payinOrders).where(eq(payinOrders.id, order.id)))[0]!.resolutionCode).toBe('parties_agreed');
  });

  it('an acceptance and an operator ruling at once: exactly one applies, the ledger moves once', async () => {
    for (let round = 0; round < 4; round++) {
      const { db, ref, buyer, traderActor, trader, order } = await disputedPayinCase();
      const operator = await signedInOperator(db);
      await operator.caller.operator.disputes.claim(ref);
      const { agreementId } = await proposeSettlement(db, { actor: traderActor, ref, outcome: 'split', splitAmount: '4' });
      const before = await balancesOf(db, 'trader', trader.traderId);
      const [accept, rule] = await Promise.allSettled([
        answerSettlement(db, { actor: buyer, ref: null, agreementId, answer: 'accept' }),
        ruleDispute(db, { input: { ...ref, ruling: 'fail', reasonCode: 'payment_not_received', note: 'Nothing arrived.' }, operator: { id: operator.userId } }),
      ]);
      const wins = [accept, rule].filter((outcome) => outcome.status === 'fulfilled');
      expect(wins).toHaveLength(1);
      const loser = [accept, rule].find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
      expect(loser.reason.code).toBe('INVALID_ORDER_STATE');
      const [row] = await db.select().from(payinOrders).where(eq(payinOrders.id, order.id));
      const after = await balancesOf(db, 'trader', trader.traderId);
      if (accept.status === 'fulfilled') {
        expect(row).toMatchObject({ status: 'COMPLETED', resolutionCode: 'parties_agreed' });
        expect(gained(after.available, before.available)).toBe('6.000000');
      } else {
        expect(row).toMatchObject({ status: 'FAILED', resolutionCode: 'payment_not_received' });
        expect(gained(after.available, before.available)).toBe('10.000000');
      }
    }
  });
});
