import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PayinCreated, PayoutCreated } from '../../clients/node/corridor-client';
import { alertDeliveries, alertQueue, alertSettings, telegramLinks, users } from '../../db/schema';
import { startBotApiStandIn } from '../../tests/alerts/bot-api-stand-in';
import { apiDatabase, apiMerchant, payinTrader, payoutBody, payoutTrader } from '../../tests/api/api-harness';
import type { TestDatabase } from '../../tests/db/test-database';
import { tinyPng } from '../../tests/fixtures/images';
import { MEMBER_PASSWORD, teamMember, tokenOf } from '../../tests/fixtures/merchant-team';
import { cliActor } from '../audit';
import { acceptInvitation } from '../merchant-team/accept-invitation';
import { createMerchantOwner } from '../merchant-team/create-merchant-owner';
import { submitBuyerPayment } from '../checkout/checkout';
import { reportNotReceived } from '../payins/release-payin';
import { acceptPayout } from '../payouts/accept-payout';
import { submitPayoutProof } from '../payouts/submit-payout-proof';
import { setTraderOnline } from '../traders/set-online';
import { createOperator } from '../users/create-operator';
import { deliverDueAlerts } from './deliver-alerts';
import { feedAlerts } from './feed-alerts';
import { telegramBot } from './telegram/telegram-bot';
import { createTelegramLinkCode, unlinkTelegramUser } from './telegram/link-codes';
import { pollTelegramUpdates } from './telegram/poll-telegram';
import { telegramSender } from './telegram/telegram-sender';

const TOKEN = '123456:TEST-bot-token-never-in-a-message';
const CARD = '6222020200112233445';
const PAYER = 'Zhang Wei';

let database: TestDatabase;
let standIn: Awaited<ReturnType<typeof startBotApiStandIn>>;
let chat = 5000;

beforeAll(async () => {
  database = await apiDatabase();
});
afterAll(async () => {
  await database.close();
});
const traders: string[] = [];
afterEach(async () => {
  await standIn?.close();
  // Each test's pay-ins go to its own trader: the earlier ones go offline.
  for (const traderId of traders.splice(0)) await setTraderOnline(database.db, { traderId, online: false });
});

async function onlyTrader() {
  const trader = await payinTrader(database.db);
  traders.push(trader.traderId);
  return trader;
}

async function botFor() {
  standIn = await startBotApiStandIn(TOKEN);
  const bot = telegramBot({ token: TOKEN, apiRoot: standIn.apiRoot });
  return { bot, sender: telegramSender(bot.api) };
}

/** The person takes a code from their page and sends /start <code> to the bot from a chat of their own. */
async function link(bot: Awaited<ReturnType<typeof botFor>>['bot'], userId: string) {
  const chatId = (chat += 1);
  const { code } = await createTelegramLinkCode(database.db, userId, new Date());
  standIn.say(chatId, `/start ${code}`);
  await pollTelegramUpdates(database.db, { api: bot.api, now: new Date() });
  return { chatId: String(chatId), code };
}

async function payinPaidBy(merchant: Awaited<ReturnType<typeof apiMerchant>>, reference: string) {
  const payin = (await merchant.client.createPayin({ merchantOrderNo: reference, assetAmount: '10' })).body as PayinCreated;
  await submitBuyerPayment(database.db, { token: payin.payUrl.split('/pay/')[1]!, now: new Date(), payerName: PAYER });
  return payin;
}

describe('Telegram alerts', () => {
  it('a trader links with a one-time code, gets the pay-in to confirm in a message, and unlinks with /stop', async () => {
    const { bot, sender } = await botFor();
    const merchant = await apiMerchant(database.db);
    const trader = await onlyTrader();
    const { chatId, code } = await link(bot, trader.userId);
    expect(standIn.sent.at(-1)).toEqual({ chatId, text: expect.stringContaining('Linked') });
    const [stored] = await database.db.select().from(telegramLinks).where(eq(telegramLinks.userId, trader.userId));
    expect(stored?.chatId).toBe(chatId);

    // The code was spent: sent again, from another chat, it links nothing.
    standIn.say(999, `/start ${code}`);
    await pollTelegramUpdates(database.db, { api: bot.api, now: new Date() });
    expect(standIn.sent.at(-1)).toEqual({ chatId: '999', text: expect.stringContaining('unknown or expired') });

    const payin = await payinPaidBy(merchant, 'alert-payin-1');
    expect(await feedAlerts(database.db)).toBeGreaterThan(0);
    expect(await deliverDueAlerts(database.db, { workerId: 'test', sender })).toBe(1);
    const message = standIn.sent.at(-1)!;
    expect(message.chatId).toBe(chatId);
    expect(message.text).toContain(payin.orderNo);
    expect(message.text).toContain('confirm');

    standIn.say(Number(chatId), '/stop');
    await pollTelegramUpdates(database.db, { api: bot.api, now: new Date() });
    expect(standIn.sent.at(-1)).toEqual({ chatId, text: expect.stringContaining('Unlinked') });
    expect(await database.db.select().from(telegramLinks).where(eq(telegramLinks.userId, trader.userId))).toEqual([]);

    // Unlinked: the next pay-in makes no alert for them.
    const before = standIn.sent.length;
    await payinPaidBy(merchant, 'alert-payin-2');
    await feedAlerts(database.db);
    await deliverDueAlerts(database.db, { workerId: 'test', sender });
    expect(standIn.sent.length).toBe(before);
  });

  it('a failed send is retried from the queue with backoff and goes out once', async () => {
    const { bot, sender } = await botFor();
    const merchant = await apiMerchant(database.db);
    const trader = await onlyTrader();
    const { chatId } = await link(bot, trader.userId);
    const payin = await payinPaidBy(merchant, 'alert-retry');
    await feedAlerts(database.db);

    standIn.failNextSends(1);
    const now = new Date();
    await deliverDueAlerts(database.db, { workerId: 'test', sender, now });
    const [waiting] = await database.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, trader.userId));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastError: 'telegram 502: Bad Gateway' });
    expect(waiting!.nextAttemptAt.getTime()).toBe(now.getTime() + 5_000);
    expect(standIn.sent.filter((m) => m.chatId === chatId && m.text.includes(payin.orderNo))).toEqual([]);

    // Not due before its time; due after it.
    expect(await deliverDueAlerts(database.db, { workerId: 'test', sender, now: new Date(now.getTime() + 4_000) })).toBe(0);
    expect(await deliverDueAlerts(database.db, { workerId: 'test', sender, now: new Date(now.getTime() + 5_000) })).toBe(1);
    expect(standIn.sent.filter((m) => m.chatId === chatId && m.text.includes(payin.orderNo))).toHaveLength(1);
    const [sent] = await database.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, trader.userId));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    // Sent is sent: another pass sends nothing again.
    expect(await deliverDueAlerts(database.db, { workerId: 'test', sender, now: new Date(now.getTime() + 60_000) })).toBe(0);
  });

  it('an event is turned into alerts once: the queue empties and feeding again adds nothing', async () => {
    const { bot } = await botFor();
    const merchant = await apiMerchant(database.db);
    const trader = await onlyTrader();
    await link(bot, trader.userId);
    const payin = await payinPaidBy(merchant, 'alert-once');
    await feedAlerts(database.db);
    await feedAlerts(database.db);
    expect(await database.db.select().from(alertQueue)).toEqual([]);
    const rows = await database.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, trader.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.params).toMatchObject({ orderNo: payin.orderNo });
  });

  it('speaks the person’s language, skips muted kinds and waits out quiet hours', async () => {
    const { bot, sender } = await botFor();
    const merchant = await apiMerchant(database.db);
    const trader = await onlyTrader();
    const operator = await createOperator(database.db, { email: `op-${chat}@test.local`, password: 'correct horse battery', displayName: 'Op' }, cliActor);
    const traderChat = await link(bot, trader.userId);
    const operatorChat = await link(bot, operator.userId);
    // Quiet all day but the last minute (Shanghai time): whatever the clock, the operator's alert waits.
    await database.db.insert(alertSettings).values([
      { userId: trader.userId, language: 'zh', mutedKinds: ['dispute_opened'] },
      { userId: operator.userId, quietFromMinute: 0, quietToMinute: 1439, timeZone: 'UTC' },
    ]);

    const payin = await payinPaidBy(merchant, 'alert-zh');
    await reportNotReceived(database.db, { traderId: trader.traderId, orderId: payin.orderId, reason: 'Nothing came' });
    await feedAlerts(database.db);
    const now = new Date(Date.UTC(2030, 0, 1, 12, 0));
    await deliverDueAlerts(database.db, { workerId: 'test', sender, now });

    const toTrader = standIn.sent.filter((m) => m.chatId === traderChat.chatId && m.text.includes(payin.orderNo));
    expect(toTrader).toHaveLength(1);
    expect(toTrader[0]!.text).toMatch(/^代收 .*买家称已支付/);
    const kinds = await database.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, trader.userId));
    expect(kinds.find((row) => row.kind === 'dispute_opened')).toMatchObject({ status: 'dropped', lastError: 'kind muted' });

    const [waiting] = await database.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, operator.userId));
    expect(waiting).toMatchObject({ kind: 'dispute_opened', status: 'pending', attempts: 0 });
    expect(waiting!.nextAttemptAt.toISOString()).toBe('2030-01-01T23:59:00.000Z');
    expect(standIn.sent.filter((m) => m.chatId === operatorChat.chatId && m.text.includes(payin.orderNo))).toEqual([]);
    await deliverDueAlerts(database.db, { workerId: 'test', sender, now: new Date('2030-01-01T23:59:00.000Z') });
    expect(standIn.sent.filter((m) => m.chatId === operatorChat.chatId && m.text.includes(payin.orderNo))).toHaveLength(1);
  });

  it('drops an alert queued for a person suspended before it was sent', async () => {
    const { bot, sender } = await botFor();
    const merchant = await apiMerchant(database.db);
    const trader = await onlyTrader();
    const traderChat = await link(bot, trader.userId);
    const payin = await payinPaidBy(merchant, 'alert-suspended');
    await feedAlerts(database.db);
    await database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, trader.userId));
    try {
      await deliverDueAlerts(database.db, { workerId: 'test', sender, now: new Date() });
      expect(standIn.sent.filter((m) => m.chatId === traderChat.chatId && m.text.includes(payin.orderNo))).toEqual([]);
      const rows = await database.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, trader.userId));
      expect(rows.filter((row) => row.params.orderNo === payin.orderNo).map((row) => [row.status, row.lastError])).toEqual([['dropped', 'person not active']]);
    } finally {
      await database.db.update(users).set({ status: 'active' }).where(eq(users.id, trader.userId));
      await unlinkTelegramUser(database.db, trader.userId);
    }
  });

  it('holds one person to the per-minute rate: the rest wait a minute', async () => {
    const { bot, sender } = await botFor();
    const merchant = await apiMerchant(database.db);
    const trader = await onlyTrader();
    await link(bot, trader.userId);
    for (let i = 0; i < 3; i += 1) await payinPaidBy(merchant, `alert-rate-${i}`);
    await feedAlerts(database.db);
    const now = new Date();
    await deliverDueAlerts(database.db, { workerId: 'test', sender, perMinute: 2, now });
    const rows = await database.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, trader.userId));
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(2);
    expect(rows.find((row) => row.status === 'pending')?.nextAttemptAt.getTime()).toBe(now.getTime() + 60_000);
    await unlinkTelegramUser(database.db, trader.userId);
  });

  it('no message carries a card number, payer name, link code or the bot token', async () => {
    const { bot, sender } = await botFor();
    const merchant = await apiMerchant(database.db);
    const trader = await onlyTrader();
    const buyer = await payoutTrader(database.db);
    traders.push(buyer.traderId);
    const { code } = await link(bot, trader.userId);
    const invitation = await createMerchantOwner(database.db, { merchantId: merchant.merchantId, email: `owner-${chat}@test.local`, actor: cliActor });
    const owner = await acceptInvitation(database.db, { token: tokenOf(invitation.link), displayName: 'Olive Owner', password: MEMBER_PASSWORD });
    const staff = await link(bot, owner.userId);
    // A developer reads no orders: linked, they still get no alert naming one.
    const developer = await teamMember(database.db, { userId: owner.userId, email: `owner-${chat}@test.local`, merchantId: merchant.merchantId, role: 'owner' }, 'developer');
    const developerChat = await link(bot, developer.userId);
    const payout = (await merchant.client.createPayout(payoutBody({ recipient: { holderName: 'Li Na', bankAccount: CARD, bankName: 'BOC' } }) as never, 'alert-secrets')).body as PayoutCreated;
    await acceptPayout(database.db, { traderId: buyer.traderId, orderId: payout.orderId });
    await submitPayoutProof(database.db, { traderId: buyer.traderId, orderId: payout.orderId, files: [await tinyPng()] });
    await payinPaidBy(merchant, 'alert-secrets-payin');
    await feedAlerts(database.db);
    await deliverDueAlerts(database.db, { workerId: 'test', sender });
    expect(standIn.sent.some((m) => m.chatId === staff.chatId && m.text.includes(payout.orderNo))).toBe(true);
    expect(standIn.sent.filter((m) => m.chatId === developerChat.chatId).map((m) => m.text)).toEqual([expect.stringContaining('Linked')]);
    for (const message of standIn.sent) {
      for (const secret of [CARD, CARD.slice(-8), 'Li Na', PAYER, '6212260200000000001', code, TOKEN, TOKEN.split(':')[1]!]) {
        expect(message.text).not.toContain(secret);
      }
    }
  });
});
