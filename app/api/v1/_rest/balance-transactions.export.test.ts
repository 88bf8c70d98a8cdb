import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Balance, StatementPage } from '../../../../clients/node/corridor-client';
import { rowsOf } from '../../../../db/client';
import { accountIds } from '../../../../server/ledger/account-ids';
import { checkLedgerInvariants } from '../../../../server/ledger/check-invariants';
import { apiDatabase, apiMerchant, type TestMerchant } from '../../../../tests/api/api-harness';
import type { TestDatabase } from '../../../../tests/db/test-database';

/**
 * The CSV export of a large statement streams: 100,000 postings read through the in-process
 * handler while the heap is sampled. A build of the whole file (about 12 MB of text, and far more
 * as row objects) would show as growth of the same size; a stream holds about one batch.
 */
let POSTINGS = 100_000;
/** A batch of 1,000 rows is well under 1 MB; the text of every row held at once measured 13 MB. */
const HEAP_GROWTH_LIMIT = 8 * 1024 * 1024;

// The heap is sampled after a full collection, so the figure is what the export keeps alive, not
// garbage the collector has not reached yet (which depends on the machine, not on the code).
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
function liveHeap(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

let database: TestDatabase;
let merchant: TestMerchant;

beforeAll(async () => {
  database = await apiDatabase();
  // PGlite (WASM, one thread) writes and reads about five times slower on the 2-core machine: a
  // fifth of the rows keeps its run as short; PostgreSQL, the production engine, reads them all.
  if (database.kind === 'pglite') POSTINGS = 20_000;
  merchant = await apiMerchant(database.db, '10.00');
  const account = accountIds.merchantAvailable(merchant.merchantId);
  // Operator credits made in bulk, each a balanced transfer of two postings, and the balances
  // moved by their sum: the ledger stays what the invariant check proves.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ledger_transfers (id, kind, memo)
      select 'bulk:' || g, 'adjust.credit', 'bulk statement' from generate_series(1, ${POSTINGS}) g`);
    await tx.execute(sql`
      insert into ledger_postings (transfer_id, account_id, amount)
      select 'bulk:' || g, legs.account_id, legs.amount
      from generate_series(1, ${POSTINGS}) g
      cross join lateral (values (${account}, ((g % 1000) + 1) / 100.0), (${accountIds.external}, -((g % 1000) + 1) / 100.0)) legs(account_id, amount)
      order by g`);
    const total = sql`(select sum(((g % 1000) + 1) / 100.0) from generate_series(1, ${POSTINGS}) g)`;
    await tx.execute(sql`update ledger_accounts set balance = balance + ${total} where id = ${account}`);
    await tx.execute(sql`update ledger_accounts set balance = balance - ${total} where id = ${accountIds.external}`);
  });
  // What autovacuum does after a bulk insert: the planner's estimates then match the table.
  await database.db.execute(sql`analyze ledger_postings`);
  await database.db.execute(sql`analyze ledger_transfers`);
}, 120_000);
afterAll(async () => {
  await database.close();
});

describe('the CSV export of 100,000 postings (20,000 on PGlite)', () => {
  it('streams every row, oldest first, with flat memory', async () => {
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
    const balance = (await merchant.client.getBalance()).body as Balance;
    const baseline = liveHeap();
    let peak = baseline;
    const started = performance.now();

    const response = await merchant.client.exportBalanceTransactionsCsv();
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let lines = 0;
    let first = '';
    let rest = '';
    let last = '';
    let chunks = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      const text = rest + value;
      const parts = text.split('\r\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        if (lines === 0) first = line;
        else if (lines === 1) expect(line).toMatch(/,available,operator_credit,10\.000000,0\.000000,10\.000000,,,$/);
        last = line;
        lines += 1;
      }
      // Every tenth chunk: a full collection per chunk would cost more than the export.
      if (chunks % 10 === 0) peak = Math.max(peak, liveHeap());
    }
    const seconds = (performance.now() - started) / 1000;
    const growth = peak - baseline;
    console.log(`CSV export: ${lines - 1} rows in ${chunks} chunks, ${seconds.toFixed(1)} s, heap growth ${(growth / 1024 / 1024).toFixed(1)} MB`);

    expect(rest).toBe('');
    expect(first).toBe('id,created_at,account,type,amount,fee,balance_after,flow,order_no,merchant_order_no');
    // The funding credit and the bulk postings: the last row's balance is the account's.
    expect(lines).toBe(1 + 1 + POSTINGS);
    expect(last.split(',')).toEqual([expect.stringMatching(/^\d+$/), expect.any(String), 'available', 'operator_credit', '0.010000', '0.000000', balance.available, '', '', '']);
    expect(chunks).toBeGreaterThan(POSTINGS / 1000);
    expect(seconds).toBeLessThan(30);
    expect(growth).toBeLessThan(HEAP_GROWTH_LIMIT);
  }, 120_000);

  it('pages the same statement as JSON: the first page cheap, the deepest one a scan of what is newer', async () => {
    const timed = async (query: Record<string, string | number>) => {
      const started = performance.now();
      const response = await merchant.client.listBalanceTransactions(query);
      expect(response.status).toBe(200);
      return { page: response.body as StatementPage, ms: performance.now() - started };
    };
    const first = await timed({ limit: 100 });
    expect(first.page.items).toHaveLength(100);
    // The funding credit is the oldest entry: the deepest page is the 100 oldest.
    const [above] = rowsOf<{ id: string }>(
      await database.db.execute(sql`select p.id::text as id from ledger_postings p where p.account_id = ${accountIds.merchantAvailable(merchant.merchantId)} order by p.id offset 100 limit 1`),
    );
    const deepest = await timed({ limit: 100, startingAfter: above!.id });
    console.log(`Statement page of 100: first ${first.ms.toFixed(0)} ms, deepest ${deepest.ms.toFixed(0)} ms (${POSTINGS} postings)`);
    // Far from the 1.7 to 2 s a page took while PostgreSQL compiled it (statement-rows.ts, withoutJit).
    expect(first.ms).toBeLessThan(1000);
    expect(deepest.page).toMatchObject({ hasMore: false, nextCursor: null });
    expect(deepest.page.items).toHaveLength(100);
    expect(deepest.page.items.at(-1)).toMatchObject({ type: 'operator_credit', amount: '10.000000', balanceAfter: '10.000000' });
    expect(first.page.items[0]!.balanceAfter).toBe(((await merchant.client.getBalance()).body as Balance).available);
  });
});
