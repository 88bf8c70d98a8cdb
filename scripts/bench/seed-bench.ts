import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { connect, type Database } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { cliActor } from '../../server/audit';
import { adjustBalance } from '../../server/balances/adjust-balance';
import { createMerchant } from '../../server/merchants/create-merchant';
import { updateMerchantSettings } from '../../server/merchants/update-merchant-settings';
import { addBankAccount } from '../../server/traders/add-bank-account';
import { createTrader } from '../../server/traders/create-trader';
import { setTraderOnline } from '../../server/traders/set-online';
import { setQuote } from '../../server/traders/set-quote';

export interface BenchMerchant {
  merchantId: string;
  apiKey: string;
  apiSecret: string;
}

export interface BenchData {
  url: string;
  database: Database;
  hot: BenchMerchant;
  spread: BenchMerchant[];
  /** A historical order of the hot merchant, for the detail row. */
  sampleOrderNo: string;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** The bench traders' password: the lifecycle rows sign one in for the dashboards. */
export const BENCH_TRADER_PASSWORD = 'bench trader password';

/** A merchant with a deep balance and a rate limit the bench cannot reach, and its API key. */
export async function benchMerchant(db: Database['db'], name: string): Promise<BenchMerchant> {
  const created = await createMerchant(db, { name, payoutFeeBps: 30, payinFeeBps: 50, actor: cliActor });
  await updateMerchantSettings(db, { merchantId: created.merchantId, rateLimitPerSecond: 100_000, rateLimitBurst: 200_000, actor: cliActor });
  await adjustBalance(db, { owner: { type: 'merchant', id: created.merchantId }, direction: 'credit', amount: '1000000000', memo: 'bench' }, cliActor);
  return { merchantId: created.merchantId, apiKey: created.apiKey.keyId, apiSecret: created.apiKey.secret };
}

/**
 * A fresh bench database: migrated, with one hot merchant, 100 more, three traders quoting both
 * sides with deep balances, and `historicalOrders` past payouts of the hot merchant bulk-loaded
 * in SQL (not one request each).
 */
export async function seedBench(adminUrl: string, historicalOrders: number, log: (line: string) => void): Promise<BenchData> {
  const name = 'corridor_bench';
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  await migrateDatabase({ url });
  const database = connect({ url, maxConnections: 8 });
  const { db } = database;

  log('seeding merchants and traders…');
  const hot = await benchMerchant(db, 'Bench hot merchant');
  const spread: BenchMerchant[] = [];
  const accounts: { traderId: string; accountId: string }[] = [];
  for (let i = 0; i < 100; i += 1) spread.push(await benchMerchant(db, `Bench merchant ${i}`));
  for (let i = 0; i < 3; i += 1) {
    const trader = await createTrader(db, { name: `Bench trader ${i}`, email: `bench-trader-${i}@bench.local`, password: BENCH_TRADER_PASSWORD }, cliActor);
    await adjustBalance(db, { owner: { type: 'trader', id: trader.traderId }, direction: 'credit', amount: '1000000000', memo: 'bench' }, cliActor);
    await setQuote(db, { traderId: trader.traderId, side: 'BUY', price: `7.1${i}00`, minFiat: '1.00', maxFiat: '1000000.00', actor: cliActor });
    await setQuote(db, { traderId: trader.traderId, side: 'SELL', price: `7.2${i}00`, minFiat: '1.00', maxFiat: '1000000.00', actor: cliActor });
    const account = await addBankAccount(db, { traderId: trader.traderId, holderName: `Bench ${i}`, bankName: 'ICBC', accountNumber: `62122602000000000${i}`, actor: cliActor });
    accounts.push({ traderId: trader.traderId, accountId: account.id });
    await setTraderOnline(db, { traderId: trader.traderId, online: true });
  }

  log(`bulk-loading ${historicalOrders.toLocaleString('en')} historical payouts…`);
  const started = Date.now();
  const chunk = 200_000;
  for (let from = 1; from <= historicalOrders; from += chunk) {
    const to = Math.min(historicalOrders, from + chunk - 1);
    await db.execute(sql`
      insert into payout_orders (order_no, merchant_id, merchant_order_no, status, usd_amount, usd_fee_amount, fee_bps,
        fx_rate, reference_rate, reference_fiat_amount, slippage, locked_fiat_amount, recipient_holder_name,
        recipient_bank_name, recipient_account, recipient_account_last4, recipient_account_fingerprint,
        match_due_at, created_at, updated_at)
      select 'WDH' || lpad(g::text, 17, '0'), ${hot.merchantId}, 'hist-' || g,
        (array['COMPLETED','COMPLETED','COMPLETED','CANCELLED','PENDING_MATCH','PAYMENT_SUBMITTED','DISPUTED'])[1 + g % 7],
        100.00, 0.30, 30, 7.1500, 7.2000, 720.00, -0.006944, 715.00, 'Historical', 'BOC', 'v1.bench', '1234', 'fp',
        now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
      from generate_series(${from}::int, ${to}::int) g`);
  }
  // A quarter as many past pay-ins, completed, one a second back from now over the three traders'
  // accounts: the pay-in create's reads and indexes meet tables of the run's size, and the
  // routing window (three hours) holds 10,800 of them, as a busy gateway's would.
  const payins = Math.floor(historicalOrders / 4);
  log(`bulk-loading ${payins.toLocaleString('en')} historical pay-ins…`);
  // Array literals: drizzle would spread a JavaScript array into a parameter list.
  const traderIds = `{${accounts.map((a) => a.traderId).join(',')}}`;
  const accountIds = `{${accounts.map((a) => a.accountId).join(',')}}`;
  for (let from = 1; from <= payins; from += chunk) {
    const to = Math.min(payins, from + chunk - 1);
    await db.execute(sql`
      insert into payin_orders (order_no, merchant_id, merchant_order_no, status, asset_amount, fiat_amount, fx_rate,
        usd_amount, usd_fee_amount, fee_bps, quoted_at, trader_id, trader_bank_account_id, pay_token_hash, expires_at,
        matched_at, payment_submitted_at, completed_at, created_at, updated_at)
      select 'ORDH' || lpad(g::text, 16, '0'), ${hot.merchantId}, 'hist-in-' || g, 'COMPLETED', 100.000000, 721.00, 7.2100,
        100.00, 0.50, 50, at, (${traderIds}::uuid[])[1 + g % 3], (${accountIds}::uuid[])[1 + g % 3], md5('bench-in-' || g),
        at + interval '15 minutes', at, at + interval '2 minutes', at + interval '4 minutes', at, at + interval '4 minutes'
      from generate_series(${from}::int, ${to}::int) g, lateral (select now() - (g || ' seconds')::interval - interval '5 minutes' as at) t`);
  }
  // VACUUM sets the visibility map (index-only counts skip the heap) and keeps autovacuum from
  // waking up on the fresh million rows in the middle of a measured row.
  await db.execute(sql`vacuum (analyze)`);
  // The load and the vacuum wrote over half a gigabyte of WAL: without a checkpoint now, PostgreSQL
  // starts one (spread over minutes, with full-page images in the WAL after it) in the middle of
  // the measured rows (in one run it began with the second row, whose PostgreSQL CPU per create doubled). Needs a superuser or
  // pg_checkpoint; without them the run goes on and says so.
  try {
    await db.execute(sql`checkpoint`);
  } catch (error) {
    log(`  no checkpoint after the load (${error instanceof Error ? error.message : String(error)}): a checkpoint may land in a measured row`);
  }
  log(`  loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { url, database, hot, spread, sampleOrderNo: `WDH${String(Math.ceil(historicalOrders / 2)).padStart(17, '0')}` };
}
