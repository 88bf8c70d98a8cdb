import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Balance } from '../../../../clients/node/corridor-client';
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
});
