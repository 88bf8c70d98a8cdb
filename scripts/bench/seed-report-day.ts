import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { connect, rowsOf, type Database } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { cliActor } from '../../server/audit';
import { adjustBalance } from '../../server/balances/adjust-balance';
import { accountIds } from '../../server/ledger/account-ids';
import { createMerchant } from '../../server/merchants/create-merchant';
import { addBankAccount } from '../../server/traders/add-bank-account';
import { createTrader } from '../../server/traders/create-trader';

/** The UTC day the report rows cover: fixed, so a reused database still holds it. */
const REPORT_DAY = '2026-01-15';
const DATABASE = 'corridor_bench_reports';
const MERCHANT_NAME = 'Bench report merchant';
/** Orders per statement: arrays of this many ids travel as parameters. */
const CHUNK = 20_000;

export interface ReportDay {
  url: string;
  merchantId: string;
  date: string;
  orders: number;
  postings: number;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * The report rows' database (docs/performance.md, "Reports over a day of a million orders"), its
 * own like the chain watcher's: one merchant whose REPORT_DAY holds `orders` completed orders,
 * every other one a payout (its freeze two minutes before, then its release to the trader and the
 * fee) and the rest pay-ins (the trader's escrow two minutes before, then the settlement to the
 * merchant and the fee), spread evenly over the day. The orders and their transfers are bulk SQL,
 * but each row is what the flows write (server/payouts/payout-ledger.ts, server/payins/payin-ledger.ts):
 * the same transfer ids, kinds, legs in account order, fee stripe and amounts, with the balances'
 * cache set to the postings' sums at the end. The funding credits are real adjustments, dated the
 * day before. With `reuse`, a database already holding the same count is kept.
 */
export async function seedReportDay(adminUrl: string, orders: number, reuse: boolean, log: (line: string) => void): Promise<ReportDay> {
  const url = withDatabase(adminUrl, DATABASE);
  if (reuse) {
    const kept = await seededBefore(url, orders);
    if (kept) {
      log(`reports: reusing ${DATABASE} (${orders.toLocaleString('en')} orders on ${REPORT_DAY})`);
      return kept;
    }
  }
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${DATABASE}" with (force)`);
  await admin.unsafe(`create database "${DATABASE}"`);
  await admin.end();
  await migrateDatabase({ url });
  const database = connect({ url, maxConnections: 2 });
  try {
    log(`reports: bulk-loading ${orders.toLocaleString('en')} orders and their transfers on ${REPORT_DAY}…`);
    const started = Date.now();
    const { db } = database;
    const { merchantId } = await createMerchant(db, { name: MERCHANT_NAME, payoutFeeBps: 30, payinFeeBps: 50, actor: cliActor });
    const { traderId } = await createTrader(db, { name: 'Bench report trader', email: 'bench-report-trader@bench.local', password: 'bench trader password' }, cliActor);
    await addBankAccount(db, { traderId, holderName: 'Bench', bankName: 'ICBC', accountNumber: '6212260200000000099', actor: cliActor });
    const funded = new Date(Date.parse(`${REPORT_DAY}T00:00:00Z`) - 3_600_000).toISOString();
    for (const owner of [{ type: 'merchant' as const, id: merchantId }, { type: 'trader' as const, id: traderId }]) {
      const { transferId } = await adjustBalance(db, { owner, direction: 'credit', amount: '1000000000', memo: 'bench' }, cliActor);
      await db.execute(sql`update ledger_transfers set created_at = ${funded}::timestamptz where id = ${transferId}`);
      await db.execute(sql`update ledger_postings set created_at = ${funded}::timestamptz where transfer_id = ${transferId}`);
    }
    const [bank] = rowsOf<{ id: string }>(await db.execute(sql`select id::text as id from trader_bank_accounts where trader_id = ${traderId}::uuid`));
    for (let from = 1; from <= orders; from += CHUNK) {
      const to = Math.min(orders, from + CHUNK - 1);
      await loadChunk(database, { merchantId, traderId, bankAccountId: bank!.id, orders, from, to });
    }
    // The balances' cache, as post_transfer would have left it.
    await db.execute(sql`
      update ledger_accounts a set balance = s.sum, updated_at = now()
      from (select account_id, sum(amount) as sum from ledger_postings group by account_id) s
      where a.id = s.account_id`);
    await db.execute(sql`vacuum (analyze)`);
    try {
      await db.execute(sql`checkpoint`);
    } catch {
      // Not a superuser: a checkpoint may land in a measured row.
    }
    const postings = await postingsOfDay(database);
    log(`  reports: loaded ${postings.toLocaleString('en')} postings in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { url, merchantId, date: REPORT_DAY, orders, postings };
  } finally {
    await database.close();
  }
}

interface Chunk {
  merchantId: string;
  traderId: string;
  bankAccountId: string;
  orders: number;
  from: number;
  to: number;
}

/** Orders `from`..`to` (odd: payouts, even: pay-ins), with their transfers and postings. */
async function loadChunk(database: Database, chunk: Chunk): Promise<void> {
  const { db } = database;
  const payouts: { id: string; fee: string; g: number }[] = [];
  const payins: { id: string; fee: string; g: number }[] = [];
  for (let g = chunk.from; g <= chunk.to; g += 1) {
    const id = randomUUID();
    (g % 2 === 1 ? payouts : payins).push({ id, fee: accountIds.platformFeesFor(id), g });
  }
  const start = `${REPORT_DAY}T00:00:00Z`;
  // Microseconds between orders: the day's first at its start + one step, the last before its end.
  const step = Math.floor(86_400_000_000 / (chunk.orders + 1));
  const at = sql`(${start}::timestamptz + (u.g::bigint * ${step}::bigint) * interval '1 microsecond')`;
  const merchantAvailable = accountIds.merchantAvailable(chunk.merchantId);
  const merchantFrozen = accountIds.merchantFrozen(chunk.merchantId);
  const traderAvailable = accountIds.traderAvailable(chunk.traderId);
  const traderEscrow = accountIds.traderEscrow(chunk.traderId);
  const day = REPORT_DAY.replaceAll('-', '');

  // A payout of usd_amount 100.00-999.99 at 7.1500, fee 30 bps rounded up to the cent
  // (docs/amounts.md, "Fees"): freeze amount + fee, then release the amount to the trader, the fee to its stripe.
  await db.execute(sql`
    with input as (
      select u.id, u.fee_account, u.g, ${at} as at, (100 + u.g % 900 + (u.g % 97) / 100.0)::numeric(20, 2) as usd
      from unnest(${arrayLiteral(payouts.map((row) => row.id))}::uuid[], ${arrayLiteral(payouts.map((row) => row.fee))}::text[], ${arrayLiteral(payouts.map((row) => row.g))}::int[]) as u(id, fee_account, g)
    ),
    priced as (select *, ceil(usd * 30 / 100) / 100 as fee from input),
    orders as (
      insert into payout_orders (id, order_no, merchant_id, merchant_order_no, status, usd_amount, usd_fee_amount, fee_bps,
        fx_rate, reference_rate, reference_fiat_amount, slippage, locked_fiat_amount, recipient_holder_name,
        recipient_bank_name, recipient_account, recipient_account_last4, recipient_account_fingerprint,
        trader_id, match_due_at, accepted_at, completed_at, created_at, updated_at)
      select id, 'WD' || ${day} || lpad(g::text, 12, '0'), ${chunk.merchantId}::uuid, 'report-' || g, 'COMPLETED', usd, fee, 30,
        7.1500, 7.2000, round(usd * 7.2, 2), -0.006944, round(usd * 7.15, 2), 'Bench', 'BOC', 'v1.bench', '1234', 'fp',
        ${chunk.traderId}::uuid, at, at - interval '1 minute', at, at - interval '2 minutes', at
      from priced
    ),
    transfers as (
      insert into ledger_transfers (id, kind, order_id, created_at)
      select 'payout:' || id || ':freeze', 'payout.freeze', id, at - interval '2 minutes' from priced
      union all
      select 'payout:' || id || ':release', 'payout.release', id, at from priced
    )
    insert into ledger_postings (transfer_id, account_id, amount, created_at)
    select transfer_id, account_id, amount, created_at from (
      select 'payout:' || id || ':freeze' as transfer_id, ${merchantAvailable} as account_id, -(usd + fee) as amount, at - interval '2 minutes' as created_at from priced
      union all select 'payout:' || id || ':freeze', ${merchantFrozen}, usd + fee, at - interval '2 minutes' from priced
      union all select 'payout:' || id || ':release', ${merchantFrozen}, -(usd + fee), at from priced
      union all select 'payout:' || id || ':release', fee_account, fee, at from priced
      union all select 'payout:' || id || ':release', ${traderAvailable}, usd, at from priced
    ) legs
    order by created_at, transfer_id, account_id`);

  // A pay-in of asset_amount 10-99.xx USDT at 7.2500, fee 50 bps of usd_amount rounded up: the
  // trader's escrow, then the settlement of amount - fee to the merchant and the fee to its stripe.
  await db.execute(sql`
    with input as (
      select u.id, u.fee_account, u.g, ${at} as at, (10 + u.g % 90 + (u.g % 997) / 1000.0)::numeric(26, 6) as asset
      from unnest(${arrayLiteral(payins.map((row) => row.id))}::uuid[], ${arrayLiteral(payins.map((row) => row.fee))}::text[], ${arrayLiteral(payins.map((row) => row.g))}::int[]) as u(id, fee_account, g)
    ),
    priced as (select *, round(asset, 2) as usd, ceil(round(asset, 2) * 50 / 100) / 100 as fee from input),
    orders as (
      insert into payin_orders (id, order_no, merchant_id, merchant_order_no, status, asset_amount, fiat_amount, fx_rate,
        usd_amount, usd_fee_amount, fee_bps, quoted_at, trader_id, trader_bank_account_id, pay_token_hash,
        expires_at, matched_at, payment_submitted_at, completed_at, created_at, updated_at)
      select id, 'ORD' || ${day} || lpad(g::text, 12, '0'), ${chunk.merchantId}::uuid, 'report-' || g, 'COMPLETED', asset,
        round(asset * 7.25, 2), 7.2500, usd, fee, 50, at - interval '2 minutes', ${chunk.traderId}::uuid, ${chunk.bankAccountId}::uuid,
        'bench-report-' || id, at + interval '13 minutes', at - interval '2 minutes', at - interval '1 minute', at, at - interval '2 minutes', at
      from priced
    ),
    transfers as (
      insert into ledger_transfers (id, kind, order_id, created_at)
      select 'payin:' || id || ':escrow', 'payin.escrow', id, at - interval '2 minutes' from priced
      union all
      select 'payin:' || id || ':settle', 'payin.settle', id, at from priced
    )
    insert into ledger_postings (transfer_id, account_id, amount, created_at)
    select transfer_id, account_id, amount, created_at from (
      select 'payin:' || id || ':escrow' as transfer_id, ${traderAvailable} as account_id, -asset as amount, at - interval '2 minutes' as created_at from priced
      union all select 'payin:' || id || ':escrow', ${traderEscrow}, asset, at - interval '2 minutes' from priced
      union all select 'payin:' || id || ':settle', ${merchantAvailable}, asset - fee, at from priced
      union all select 'payin:' || id || ':settle', fee_account, fee, at from priced
      union all select 'payin:' || id || ':settle', ${traderEscrow}, -asset, at from priced
    ) legs
    order by created_at, transfer_id, account_id`);
}

/**
 * A PostgreSQL array literal, sent as one parameter (drizzle spreads a JS array into one
 * parameter per element, beyond what a statement takes). Only for values without commas,
 * quotes, braces or spaces: uuids, account ids, integers.
 */
function arrayLiteral(values: readonly (string | number)[]): string {
  return `{${values.join(',')}}`;
}

async function postingsOfDay(database: Database): Promise<number> {
  const { start, end } = { start: `${REPORT_DAY}T00:00:00Z`, end: new Date(Date.parse(`${REPORT_DAY}T00:00:00Z`) + 86_400_000).toISOString() };
  const [row] = rowsOf<{ count: string }>(await database.db.execute(sql`select count(*)::text as count from ledger_postings where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz`));
  return Number(row!.count);
}

/** A database seeded earlier with the same count of orders: its merchant and the day's postings. */
async function seededBefore(url: string, orders: number): Promise<ReportDay | undefined> {
  const client = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    const merchants = await client<{ id: string }[]>`select id::text as id from merchants where name = ${MERCHANT_NAME}`;
    const merchantId = merchants[0]?.id;
    if (!merchantId) return undefined;
    const [counted] = await client<{ count: string }[]>`select (select count(*) from payout_orders where merchant_id = ${merchantId}) + (select count(*) from payin_orders where merchant_id = ${merchantId}) as count`;
    if (Number(counted!.count) !== orders) return undefined;
    const database = connect({ url, maxConnections: 1 });
    try {
      return { url, merchantId, date: REPORT_DAY, orders, postings: await postingsOfDay(database) };
    } finally {
      await database.close();
    }
  } catch {
    return undefined;
  } finally {
    await client.end();
  }
}
