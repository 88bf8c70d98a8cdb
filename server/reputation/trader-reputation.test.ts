import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { merchants, payinOrders, payoutOrders, traderReputation, traders } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { cliActor } from '../audit';
import { createPayin } from '../payins/create-payin';
import { claimAccountCapacity } from '../routing/claim-account-capacity';
import { DEFAULT_ROUTING_SETTINGS, writeRoutingSettings, type RoutingSettings } from '../routing/routing-settings';
import { addBankAccount } from '../traders/add-bank-account';
import { setTraderOnline } from '../traders/set-online';
import { setQuote } from '../traders/set-quote';
import { refreshTraderReputation } from './refresh-trader-reputation';
import { runReputationRefresh } from './run-reputation-refresh';
import { traderReputations } from './trader-reputation';

let database: TestDatabase;
let merchantId: string;
const NOW = new Date('2026-03-31T00:00:00.000Z');
const ago = (days: number, seconds = 0) => new Date(NOW.getTime() - days * 86_400_000 + seconds * 1000);

beforeAll(async () => {
  database = await createTestDatabase();
  merchantId = (await merchantWithBalance(database.db, '0')).merchantId;
});
afterAll(async () => {
  await database.close();
});

type PayinRow = Partial<typeof payinOrders.$inferInsert>;
type PayoutRow = Partial<typeof payoutOrders.$inferInsert>;

// History rows written as they stand at the end of their flows: reputation reads only the rows,
// so the test sets the facts it counts (statuses, times, rulings) and no ledger movement.
async function pastPayin(traderId: string, row: PayinRow) {
  const id = randomUUID();
  const matchedAt = row.matchedAt ?? ago(5);
  await database.db.insert(payinOrders).values({
    id, orderNo: `ORDR${randomBytes(6).toString('hex')}`, merchantId, merchantOrderNo: `rep-${id}`, status: 'COMPLETED',
    assetAmount: '10.000000', fiatAmount: '72.00', fxRate: '7.2000', usdAmount: '10.00', usdFeeAmount: '0.00', feeBps: 0,
    quotedAt: matchedAt, traderId, payTokenHash: randomBytes(32).toString('hex'), expiresAt: new Date(matchedAt.getTime() + 900_000),
    createdAt: matchedAt, ...row, matchedAt,
  });
}
async function pastPayout(traderId: string, row: PayoutRow) {
  const id = randomUUID();
  const acceptedAt = row.acceptedAt ?? ago(5);
  await database.db.insert(payoutOrders).values({
    id, orderNo: `WDR${randomBytes(6).toString('hex')}`, merchantId, merchantOrderNo: `rep-${id}`, status: 'COMPLETED',
    usdAmount: '10.00', usdFeeAmount: '0.00', feeBps: 0, fxRate: '7.1500', referenceRate: '7.2000', referenceFiatAmount: '72.00',
    slippage: '0', lockedFiatAmount: '71.50', recipientHolderName: 'Li Lei', recipientBankName: 'Bank of China',
    recipientAccount: 'v1.test.ciphertext', recipientAccountLast4: '1234', recipientAccountFingerprint: 'fp',
    matchDueAt: acceptedAt, traderId, createdAt: acceptedAt, ...row, acceptedAt,
  });
}
const released = (matched: Date, releaseSeconds: number): PayinRow => ({
  matchedAt: matched,
  paymentSubmittedAt: new Date(matched.getTime() + 120_000),
  completedAt: new Date(matched.getTime() + 120_000 + releaseSeconds * 1000),
});

const gateSettings = { enabled: true, minCompletedOrders: 8, minDays: 7, dailyOrders: 2, maxOrderFiat: '150.00' };

describe('reputation figures', () => {
  it('counts the last 30 days of a seeded record exactly, and the gate lifts once the record is there', async () => {
    const seasoned = (await traderWithBalance(database.db, '0')).traderId;
    const fresh = (await traderWithBalance(database.db, '0')).traderId;
    // Pay-ins: three released in 60, 180 and 600 s (median 180) ...
    await pastPayin(seasoned, { ...released(ago(3), 60), assetAmount: '100.000000' });
    await pastPayin(seasoned, { ...released(ago(4), 180), assetAmount: '50.000000' });
    await pastPayin(seasoned, { ...released(ago(29), 600), assetAmount: '25.500000' });
    // ... one disputed and ruled for the buyer in full (completed, and a dispute lost; no release time) ...
    await pastPayin(seasoned, { ...released(ago(2), 30), disputedAt: ago(2, 400), resolutionCode: 'proof_valid' });
    // ... one split (completed, not lost), one ruled failed and one expired after its match (failed), one cancelled in time (not counted) ...
    await pastPayin(seasoned, { ...released(ago(2), 30), disputedAt: ago(2, 400), resolutionCode: 'other', resolutionMerchantAmount: '5.000000', assetAmount: '20.000000' });
    await pastPayin(seasoned, { matchedAt: ago(6), status: 'FAILED', disputedAt: ago(6, 600), resolutionCode: 'payment_not_received' });
    await pastPayin(seasoned, { matchedAt: ago(7), status: 'CANCELLED', cancelledAt: new Date(ago(7).getTime() + 900_000) });
    await pastPayin(seasoned, { matchedAt: ago(8), status: 'CANCELLED', cancelledAt: ago(8, 60) });
    // ... and one completed 40 days ago: outside the window, but the first of its record.
    await pastPayin(seasoned, { ...released(ago(40), 60), assetAmount: '999.000000' });
    // Payouts: one completed, one refunded by a ruling (failed and lost), one still being paid.
    await pastPayout(seasoned, { usdAmount: '30.00', completedAt: ago(1) });
    await pastPayout(seasoned, { status: 'CANCELLED', disputedAt: ago(9), resolutionCode: 'payment_not_received', cancelledAt: ago(9, 60) });
    await pastPayout(seasoned, { status: 'PENDING_PAYMENT' });

    // The scheduler's run: under its lock, every trader refreshed.
    expect(await runReputationRefresh(database.db, NOW, gateSettings)).toBe((await database.db.select().from(traders)).length);
    const views = await traderReputations(database.db, [seasoned, fresh], gateSettings);
    const view = views.get(seasoned)!;
    expect(view).toMatchObject({
      windowDays: 30,
      completed: 6,
      failed: 3,
      completionRate: '0.6667',
      medianReleaseSeconds: 180,
      disputesLost: 2,
      volume: '235.500000',
    });
    // 0.6 x (6 + 4) / (9 + 5) + 0.2 x (1 - 60 / 1680) + 0.2 x (1 - 2 x 0.25)
    expect(view.score).toEqual({ value: 0.721, completion: 0.714, release: 0.964, disputes: 0.5 });
    // 7 completed ever, the first 40 days ago: the gate asks 8, so it holds.
    expect(view.gate).toEqual({ dailyOrders: 2, maxOrderFiat: '150.00', minCompletedOrders: 8, minDays: 7, completedTotal: 7, firstCompletedAt: ago(40, 120 + 60).toISOString() });

    expect(views.get(fresh)).toMatchObject({ completed: 0, failed: 0, completionRate: null, medianReleaseSeconds: null, disputesLost: 0, volume: '0.000000' });
    expect(views.get(fresh)!.score.value).toBe(0.84);
    expect(views.get(fresh)!.gate).toMatchObject({ completedTotal: 0, firstCompletedAt: null });

    // An eighth completed order lifts it; the gate then stays lifted even with a stricter setting.
    await pastPayout(seasoned, { completedAt: ago(0, -60), acceptedAt: ago(0, -120) });
    await refreshTraderReputation(database.db, new Date(NOW.getTime() + 120_000), gateSettings);
    expect((await traderReputations(database.db, [seasoned], gateSettings)).get(seasoned)!.gate).toBeNull();
    await refreshTraderReputation(database.db, new Date(NOW.getTime() + 180_000), { minCompletedOrders: 100, minDays: 100 });
    expect((await traderReputations(database.db, [seasoned], gateSettings)).get(seasoned)!.gate).toBeNull();
    // With the gate off nobody is shown as held.
    expect((await traderReputations(database.db, [fresh], { ...gateSettings, enabled: false })).get(fresh)!.gate).toBeNull();
  });

  it('a trader whose first order is too recent stays gated however many it completed', async () => {
    const quick = (await traderWithBalance(database.db, '0')).traderId;
    for (let i = 0; i < 9; i += 1) await pastPayin(quick, released(ago(2, i * 600), 60));
    await refreshTraderReputation(database.db, NOW, gateSettings);
    const [row] = await database.db.select().from(traderReputation).where(eq(traderReputation.traderId, quick));
    expect(row).toMatchObject({ completedTotal: 9, gateLiftedAt: null });
  });
});

describe('the new-trader gate in routing', () => {
  const T0 = new Date('2026-04-02T02:00:00.000Z');
  const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
  let merchant: typeof merchants.$inferSelect;
  let seq = 0;
  const gated: RoutingSettings = { ...DEFAULT_ROUTING_SETTINGS, newTrader: { ...gateSettings, minCompletedOrders: 1, minDays: 0 } };

  beforeEach(async () => {
    await database.db.update(traders).set({ online: false });
    await database.db.transaction((tx) => writeRoutingSettings(tx, gated, new Date()));
    [merchant] = (await database.db.select().from(merchants).where(eq(merchants.id, merchantId))) as [typeof merchants.$inferSelect];
  });

  async function seller(price: string) {
    const trader = await traderWithBalance(database.db, '100000.00');
    await setQuote(database.db, { traderId: trader.traderId, side: 'SELL', price, minFiat: '1.00', maxFiat: '50000.00', actor: cliActor });
    const account = await addBankAccount(database.db, { traderId: trader.traderId, holderName: 'Wang Fang', bankName: 'ICBC', accountNumber: '6212260200000000001', actor: cliActor });
    await setTraderOnline(database.db, { traderId: trader.traderId, online: true });
    return { traderId: trader.traderId, accountId: account.id };
  }
  async function payin(now: Date, fiatAmount: string) {
    seq += 1;
    return (await database.db.transaction((tx) => createPayin(tx, { merchant, input: { merchantOrderNo: `gate-${seq}`, fiatAmount }, now }))).order;
  }

  it('holds a new trader to the lower caps until its record lifts them', async () => {
    const newcomer = await seller('7.1000');
    const established = await seller('7.2000');
    await pastPayin(established.traderId, released(ago(10), 60));
    await refreshTraderReputation(database.db, at(0), gated.newTrader);

    // Cheaper, but held: over the gate's per-order maximum goes to the established trader ...
    expect((await payin(at(1), '200.00')).traderId).toBe(established.traderId);
    // ... and after its two orders of the day so does the third.
    const first = await payin(at(2), '100.00');
    expect(first.traderId).toBe(newcomer.traderId);
    expect((await payin(at(3), '100.00')).traderId).toBe(newcomer.traderId);
    expect((await payin(at(4), '100.00')).traderId).toBe(established.traderId);

    // The match's own claim holds the gate too: a route read before the second order cannot take a third.
    const claim = (newTrader: RoutingSettings['newTrader']) =>
      database.db.transaction((tx) => claimAccountCapacity(tx, { bankAccountId: newcomer.accountId, fiatAmount: '100.00', now: at(5), limits: gated.limits, newTrader }));
    expect(await claim(gated.newTrader)).toBe(false);

    // One completed order is the record this gate asks for: at the next refresh it lifts.
    await database.db.execute(sql`update payin_orders set status = 'COMPLETED', completed_at = ${at(6).toISOString()}::timestamptz where id = ${first.id}`);
    await refreshTraderReputation(database.db, at(7), gated.newTrader);
    expect((await payin(at(8), '200.00')).traderId).toBe(newcomer.traderId);
    expect(await claim(gated.newTrader)).toBe(true);
  });

  it('changes nothing while the gate is off', async () => {
    await database.db.transaction((tx) => writeRoutingSettings(tx, DEFAULT_ROUTING_SETTINGS, new Date()));
    const newcomer = await seller('7.0000');
    expect((await payin(at(100), '5000.00')).traderId).toBe(newcomer.traderId);
  });
});
