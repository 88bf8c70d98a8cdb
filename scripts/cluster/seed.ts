import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchants, users } from '../../db/schema';
import { issueApiKey } from '../../server/api-keys/issue-api-key';
import { cliActor } from '../../server/audit';
import { adjustBalance } from '../../server/balances/adjust-balance';
import { demoCredentials } from '../../server/demo/demo-credentials';
import { seedDemo } from '../../server/demo/seed-demo';
import { createMerchant } from '../../server/merchants/create-merchant';
import { updateMerchantSettings } from '../../server/merchants/update-merchant-settings';
import { createPayin } from '../../server/payins/create-payin';
import { createPayinInput } from '../../server/payins/payin.schema';
import { acceptPayout } from '../../server/payouts/accept-payout';
import { placePayout } from '../../server/payouts/create-payout';
import { createPayoutInput } from '../../server/payouts/payout.schema';
import { submitPayoutProof } from '../../server/payouts/submit-payout-proof';
import { addBankAccount } from '../../server/traders/add-bank-account';
import { setTraderOnline } from '../../server/traders/set-online';
import { setQuote } from '../../server/traders/set-quote';
import { parseInput } from '../../server/validation/parse-input';
import { traderWithBalance } from '../../tests/fixtures/parties';

/**
 * The shortest time window a merchant's settings allow (merchant-settings.schema.ts: 60 s to 30
 * days, per merchant). Every window of the run's merchants is set to it, so orders nobody finishes
 * come due within a minute: payouts nobody pays go PAYMENT_OVERDUE, proofs nobody decides go
 * DISPUTED, pay-ins nobody pays are CANCELLED (docs/state-machines.md).
 */
export const WINDOW_SECONDS = 60;

export interface Credentials {
  apiKey: string;
  apiSecret: string;
}

interface SeededMerchant extends Credentials {
  merchantId: string;
}

interface SeededTrader extends Credentials {
  traderId: string;
}

export interface Seed {
  merchants: SeededMerchant[];
  /** Online with a BUY quote: they take payouts. */
  payoutTraders: SeededTrader[];
  /** Online with a SELL quote, a bank account and USDT: pay-ins are matched to them. */
  payinTraders: SeededTrader[];
  /** Orders left for the timers, made before any node starts, and when the last comes due. */
  bait: { payoutsUnpaid: number; proofsUndecided: number; payinsUnpaid: number; dueBy: Date };
}

const PLENTY = '10000000.00';

/** A CNY amount between 100.00 and 999.00, as a string (money is never a JS number). */
export function randomFiatAmount(): string {
  return `${100 + randomBytes(2).readUInt16BE() % 900}.00`;
}

export const newMerchantOrderNo = (prefix: string) => `${prefix}-${randomBytes(8).toString('hex')}`;

/**
 * Everything the run needs, made with the domain functions: the demo data (so three demo-mode
 * nodes starting at once find it present instead of racing to seed it; its trader goes offline so
 * only the run's traders take orders), merchants with endpoints on the receiver and short windows,
 * traders with quotes and API keys, and a few orders left for the timers.
 */
export async function seedCluster(db: Db, options: { receiverUrl: string; proofPng: Uint8Array; merchants: number; baitPerMerchant: number }): Promise<Seed> {
  await seedDemo(db);
  const [demoTrader] = await db.select({ traderId: users.traderId }).from(users).where(eq(users.email, demoCredentials.trader.email));
  if (demoTrader?.traderId) await setTraderOnline(db, { traderId: demoTrader.traderId, online: false });

  const seeded: SeededMerchant[] = [];
  for (let i = 0; i < options.merchants; i += 1) seeded.push(await seedMerchant(db, i, options.receiverUrl));
  const payoutTraders: SeededTrader[] = [];
  for (let i = 0; i < 4; i += 1) payoutTraders.push(await seedPayoutTrader(db));
  const payinTraders: SeededTrader[] = [];
  for (let i = 0; i < 3; i += 1) payinTraders.push(await seedPayinTrader(db));

  for (const merchant of seeded) {
    for (let i = 0; i < options.baitPerMerchant; i += 1) {
      const trader = payoutTraders[i % payoutTraders.length]!;
      const unpaid = await payoutOf(db, merchant.merchantId);
      await acceptPayout(db, { traderId: trader.traderId, orderId: unpaid });
      const undecided = await payoutOf(db, merchant.merchantId);
      await acceptPayout(db, { traderId: trader.traderId, orderId: undecided });
      await submitPayoutProof(db, { traderId: trader.traderId, orderId: undecided, files: [options.proofPng] });
      await payinOf(db, merchant.merchantId);
    }
  }
  const count = seeded.length * options.baitPerMerchant;
  return {
    merchants: seeded,
    payoutTraders,
    payinTraders,
    bait: { payoutsUnpaid: count, proofsUndecided: count, payinsUnpaid: count, dueBy: new Date(Date.now() + WINDOW_SECONDS * 1000) },
  };
}

async function seedMerchant(db: Db, index: number, receiverUrl: string): Promise<SeededMerchant> {
  const created = await createMerchant(db, { name: `Cluster merchant ${index + 1}`, payoutFeeBps: 30, payinFeeBps: 50, webhookUrl: receiverUrl, actor: cliActor });
  await adjustBalance(db, { owner: { type: 'merchant', id: created.merchantId }, direction: 'credit', amount: PLENTY, memo: 'cluster test funding' }, cliActor);
  await updateMerchantSettings(db, {
    merchantId: created.merchantId,
    payinExpirySeconds: WINDOW_SECONDS,
    payoutMatchSeconds: WINDOW_SECONDS,
    payoutPaymentSeconds: WINDOW_SECONDS,
    payoutMerchantActionSeconds: WINDOW_SECONDS,
    // Each node enforces the limit on its own (server/rate-limit/token-bucket.ts); the run
    // measures correctness, not the limiter.
    rateLimitPerSecond: 100_000,
    rateLimitBurst: 100_000,
    actor: cliActor,
  });
  return { merchantId: created.merchantId, apiKey: created.apiKey.keyId, apiSecret: created.apiKey.secret };
}

async function seedPayoutTrader(db: Db): Promise<SeededTrader> {
  const trader = await traderWithBalance(db, '0');
  await setQuote(db, { traderId: trader.traderId, side: 'BUY', price: '7.0000', minFiat: '1.00', maxFiat: '1000000.00', actor: cliActor });
  await setTraderOnline(db, { traderId: trader.traderId, online: true });
  const key = await issueApiKey(db, { traderId: trader.traderId }, { label: 'cluster bot' });
  return { traderId: trader.traderId, apiKey: key.keyId, apiSecret: key.secret };
}

async function seedPayinTrader(db: Db): Promise<SeededTrader> {
  const trader = await traderWithBalance(db, PLENTY);
  await setQuote(db, { traderId: trader.traderId, side: 'SELL', price: '7.2500', minFiat: '1.00', maxFiat: '50000.00', actor: cliActor });
  await addBankAccount(db, { traderId: trader.traderId, holderName: 'Wang Fang', bankName: 'ICBC', accountNumber: '6212260200000000001', actor: cliActor });
  await setTraderOnline(db, { traderId: trader.traderId, online: true });
  const key = await issueApiKey(db, { traderId: trader.traderId }, { label: 'cluster bot' });
  return { traderId: trader.traderId, apiKey: key.keyId, apiSecret: key.secret };
}

async function merchantRow(db: Db, merchantId: string) {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, merchantId));
  if (!row) throw new Error(`merchant ${merchantId} is missing`);
  return row;
}

/** A payout in the pool, created as the API creates one (without the idempotency record). */
async function payoutOf(db: Db, merchantId: string): Promise<string> {
  const merchant = await merchantRow(db, merchantId);
  const input = parseInput(createPayoutInput, {
    merchantOrderNo: newMerchantOrderNo('bait'),
    fiatAmount: randomFiatAmount(),
    recipient: { holderName: 'Li Lei', bankAccount: '6222020200112233445', bankName: 'Bank of China' },
  });
  const order = await db.transaction((tx) => placePayout(tx, { merchant, input, now: new Date() }));
  return order.id;
}

/** A pay-in matched to a trader, which nobody will pay. */
async function payinOf(db: Db, merchantId: string): Promise<string> {
  const merchant = await merchantRow(db, merchantId);
  const input = parseInput(createPayinInput, { merchantOrderNo: newMerchantOrderNo('bait'), fiatAmount: randomFiatAmount() });
  const { order } = await db.transaction((tx) => createPayin(tx, { merchant, input, now: new Date() }));
  return order.id;
}
