import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchants, platformSettings, users } from '../../db/schema';
import { issueApiKey } from '../api-keys/issue-api-key';
import { cliActor } from '../audit';
import { adjustBalance } from '../balances/adjust-balance';
import { createMerchant } from '../merchants/create-merchant';
import { acceptInvitation } from '../merchant-team/accept-invitation';
import { createMerchantOwner } from '../merchant-team/create-merchant-owner';
import { addBankAccount } from '../traders/add-bank-account';
import { createTrader } from '../traders/create-trader';
import { setTraderOnline } from '../traders/set-online';
import { setQuote } from '../traders/set-quote';
import { createOperator } from '../users/create-operator';
import { writeWithdrawalSettings } from '../withdrawals/withdrawal-settings';
import { demoCredentials as demo } from './demo-credentials';

const SEEDED_KEY = 'demo.seeded_at';
/** The demo merchant's owner came after the rest: a demo database seeded before it gains it once. */
const OWNER_SEEDED_KEY = 'demo.merchant_owner_seeded_at';
/** Withdrawals came later still: the demo's settings are written once, to older demo databases too. */
const WITHDRAWALS_SEEDED_KEY = 'demo.withdrawal_settings_seeded_at';

/**
 * Seeds the demo once per database: a merchant with API credentials, USDT and an owner for its
 * console, an online trader with quotes on both sides, a bank account and USDT, and two operators.
 * Returns false when everything was already there.
 */
export async function seedDemo(database: Db): Promise<boolean> {
  // One transaction (the steps nest as savepoints), so a failed seed leaves nothing half made.
  return database.transaction(async (db) => {
    const seeded = await isMarked(db, SEEDED_KEY);
    if (!seeded) {
      await seed(db);
      await mark(db, SEEDED_KEY);
    }
    let ownerAdded = false;
    if (!(await isMarked(db, OWNER_SEEDED_KEY))) {
      ownerAdded = await seedMerchantOwner(db);
      await mark(db, OWNER_SEEDED_KEY);
    }
    if (!(await isMarked(db, WITHDRAWALS_SEEDED_KEY))) {
      // No cool-down in the demo, so a newcomer can add an address and withdraw to it at once on
      // the demo chain (docs/wallet.md, "The demo chain"); production keeps the default 24 hours.
      await writeWithdrawalSettings(db, { addressCooldownHours: 0 });
      await mark(db, WITHDRAWALS_SEEDED_KEY);
    }
    return !seeded || ownerAdded;
  });
}

async function isMarked(db: Db, key: string): Promise<boolean> {
  return (await db.select().from(platformSettings).where(eq(platformSettings.key, key))).length > 0;
}

async function mark(db: Db, key: string): Promise<void> {
  await db.insert(platformSettings).values({ key, value: new Date().toISOString() });
}

async function seed(db: Db): Promise<void> {
  await createMerchant(
    db,
    { name: demo.merchant.name, payoutFeeBps: 30, payinFeeBps: 50, actor: cliActor, options: { id: demo.merchant.id, apiKeyPreset: { keyId: demo.merchant.apiKey, secret: demo.merchant.apiSecret } } },
  );
  await adjustBalance(
    db,
    {
      owner: { type: 'merchant', id: demo.merchant.id },
      direction: 'credit',
      amount: demo.startingBalance,
      memo: 'Demo starting balance',
      reference: 'demo-merchant-start',
    },
    cliActor,
  );

  const trader = await createTrader(
    db,
    { name: demo.trader.name, email: demo.trader.email, password: demo.trader.password },
    cliActor,
  );
  await adjustBalance(
    db,
    {
      owner: { type: 'trader', id: trader.traderId },
      direction: 'credit',
      amount: demo.startingBalance,
      memo: 'Demo starting balance',
      reference: 'demo-trader-start',
    },
    cliActor,
  );
  await setQuote(db, { traderId: trader.traderId, side: 'SELL', price: '7.2500', minFiat: '100.00', maxFiat: '50000.00', actor: cliActor });
  await setQuote(db, { traderId: trader.traderId, side: 'BUY', price: '7.1500', minFiat: '100.00', maxFiat: '50000.00', actor: cliActor });
  await addBankAccount(
    db,
    { traderId: trader.traderId, holderName: 'Zhang Wei', bankName: 'China Merchants Bank', accountNumber: '6214830012345678', actor: cliActor },
  );
  await setTraderOnline(db, { traderId: trader.traderId, online: true });
  await issueApiKey(db, { traderId: trader.traderId }, { label: 'demo bot', preset: { keyId: demo.trader.apiKey, secret: demo.trader.apiSecret } });

  await createOperator(
    db,
    { email: demo.operator.email, password: demo.operator.password, displayName: demo.operator.name },
    cliActor,
  );
  await createOperator(
    db,
    { email: demo.secondOperator.email, password: demo.secondOperator.password, displayName: demo.secondOperator.name },
    cliActor,
  );
}

/**
 * The demo merchant's owner joins the way every merchant user does: an owner invitation, accepted
 * with a name and password. The console then asks for the second factor (owners must enrol), as
 * the demo operators' first sign-in does; nothing here bypasses the rules of a real team. An older
 * demo database whose merchant already has an owner, or whose email is taken, is left as it is
 * (false).
 */
async function seedMerchantOwner(db: Db): Promise<boolean> {
  const owner = demo.merchantOwner;
  const [merchant] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, demo.merchant.id));
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.email, owner.email), and(eq(users.merchantId, demo.merchant.id), eq(users.merchantRole, 'owner'), eq(users.status, 'active'))));
  if (!merchant || taken) return false;
  const invitation = await createMerchantOwner(db, { merchantId: demo.merchant.id, email: owner.email, actor: cliActor });
  const token = new URL(invitation.link).pathname.split('/').pop() ?? '';
  await acceptInvitation(db, { token, displayName: owner.name, password: owner.password });
  return true;
}
