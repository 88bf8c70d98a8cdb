import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { merchantWithBalance } from '../../tests/fixtures/parties';
import { demoKeyring } from '../crypto/keyring';
import { accountIds } from '../ledger/account-ids';
import { streamJournalCsv } from './journal-csv';
import { streamSettlementCsv } from './settlement-csv';
import { settlementReportOf } from './settlement-report';

/**
 * Reports over thousands of rows read in many keyset batches (docs/performance.md, "Reports over a
 * day of a million orders"): every row comes out once, in order, whatever the batch size, with
 * transfers sharing one instant (the keyset's tie on time), runs of transfers that moved nothing
 * for the merchant (batches that end with no row), another merchant's postings interleaved, and
 * postings just outside the day, some of them amid the day's posting ids.
 */

const DAY = '2025-03-10';
const TRANSFERS = 3000;
let database: TestDatabase;
let merchantId: string;
let otherId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  merchantId = (await merchantWithBalance(database.db, '0')).merchantId;
  otherId = (await merchantWithBalance(database.db, '0')).merchantId;
  // Transfer g at the day's start + (g div 3) seconds, three to an instant; g = 0 and the last
  // are outside the day. Three in ten, in a row, are freezes (available -> frozen: they move
  // nothing in total); the rest credit the merchant from outside. The other merchant gets a credit
  // at every instant; 40 postings of the next day sit amid the day's ids.
  const at = sql`(${`${DAY}T00:00:00Z`}::timestamptz + (g / 3) * interval '1 second' - interval '1 microsecond' * (g = 0)::int + interval '1 day' * (g = ${TRANSFERS + 1})::int)`;
  const [available, frozen, otherAvailable] = [accountIds.merchantAvailable(merchantId), accountIds.merchantFrozen(merchantId), accountIds.merchantAvailable(otherId)];
  await database.db.execute(sql`
    with transfers as (
      insert into ledger_transfers (id, kind, created_at)
      select 'batch:' || lpad(g::text, 5, '0'), case when g % 10 < 3 then 'payout.freeze' else 'adjust.credit' end, ${at} from generate_series(0, ${TRANSFERS + 1}) g
      union all
      select 'batch-other:' || g, 'adjust.credit', ${at} from generate_series(0, ${TRANSFERS + 1}) g where g % 3 = 0
      union all
      select 'batch-late:' || g, 'adjust.credit', ${`${DAY}T00:00:00Z`}::timestamptz + interval '1 day' from generate_series(1, 20) g
    )
    insert into ledger_postings (transfer_id, account_id, amount, created_at)
    select 'batch:' || lpad(g::text, 5, '0'), ${accountIds.external}, -(g + 1), ${at} from generate_series(0, ${TRANSFERS + 1}) g where g % 10 >= 3
    union all select 'batch:' || lpad(g::text, 5, '0'), ${available}, g + 1, ${at} from generate_series(0, ${TRANSFERS + 1}) g where g % 10 >= 3
    union all select 'batch-late:' || g, ${accountIds.external}, -1, ${`${DAY}T00:00:00Z`}::timestamptz + interval '1 day' from generate_series(1, 20) g
    union all select 'batch-late:' || g, ${otherAvailable}, 1, ${`${DAY}T00:00:00Z`}::timestamptz + interval '1 day' from generate_series(1, 20) g
    union all select 'batch:' || lpad(g::text, 5, '0'), ${available}, -1, ${at} from generate_series(0, ${TRANSFERS + 1}) g where g % 10 < 3
    union all select 'batch:' || lpad(g::text, 5, '0'), ${frozen}, 1, ${at} from generate_series(0, ${TRANSFERS + 1}) g where g % 10 < 3
    union all select 'batch-other:' || g, ${accountIds.external}, -1, ${at} from generate_series(0, ${TRANSFERS + 1}) g where g % 3 = 0
    union all select 'batch-other:' || g, ${otherAvailable}, 1, ${at} from generate_series(0, ${TRANSFERS + 1}) g where g % 3 = 0`);
  await database.db.execute(sql`
    update ledger_accounts a set balance = s.sum from (select account_id, sum(amount) as sum from ledger_postings group by account_id) s where a.id = s.account_id`);
});
afterAll(async () => {
  await database.close();
});

const transferOf = (g: number) => `batch:${String(g).padStart(5, '0')}`;
const ofTheDay = Array.from({ length: TRANSFERS }, (_, index) => index + 1);
/** The merchant's credits of the day, in (time, transfer id) order: g from 1 to TRANSFERS, no freezes. */
const expectedTransfers = ofTheDay.filter((g) => g % 10 >= 3).map(transferOf);

describe('reports read in keyset batches', () => {
  it('the settlement report lists every transfer of the day once, in order, in batches of any size', async () => {
    const { report } = await settlementReportOf(database.db, { ring: demoKeyring(), merchantId, date: DAY });
    expect(report.rows.map((row) => row.transferId)).toEqual(expectedTransfers);
    expect(report.rows.map((row) => row.net)).toEqual(expectedTransfers.map((id) => `${Number(id.slice(6)) + 1}.000000`));
    for (const batchSize of [1000, 7, 2]) {
      const csv = await new Response(await streamSettlementCsv(database.db, { ring: demoKeyring(), merchantId, date: DAY, batchSize })).text();
      const lines = csv.split('\r\n');
      const body = lines.slice(1, lines.findIndex((line) => line.startsWith('total,')));
      expect(body.map((line) => line.split(',')[0]), `batches of ${batchSize}`).toEqual(expectedTransfers);
      expect(lines).toContain(`#rows,${expectedTransfers.length}`);
    }
  });

  it('the journal lists every posting of the day once, in posting order, in batches of any size', async () => {
    const [bounds] = rowsOf<{ count: number }>(
      await database.db.execute(sql`select count(*)::int as count from ledger_postings where created_at >= ${`${DAY}T00:00:00Z`}::timestamptz and created_at < ${`${DAY}T00:00:00Z`}::timestamptz + interval '1 day'`),
    );
    const from = new Date(`${DAY}T00:00:00Z`);
    const to = new Date(from.getTime() + 86_400_000);
    for (const batchSize of [5000, 97, 3]) {
      const lines = (await new Response(streamJournalCsv(database.db, { from, to }, batchSize)).text()).split('\r\n').slice(1, -1);
      const ids = lines.map((line) => Number(line.split(',')[0]));
      expect(ids.length, `batches of ${batchSize}`).toBe(bounds!.count);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(lines.every((line) => line.split(',')[1] === DAY)).toBe(true);
      const freezes = ofTheDay.filter((g) => g % 10 < 3).map(transferOf);
      const others = ofTheDay.filter((g) => g % 3 === 0).map((g) => `batch-other:${g}`);
      expect(new Set(lines.map((line) => line.split(',')[3]))).toEqual(new Set([...expectedTransfers, ...freezes, ...others]));
    }
  });

  it('a day without postings gives the header alone', async () => {
    const from = new Date('2024-01-01T00:00:00Z');
    const text = await new Response(streamJournalCsv(database.db, { from, to: new Date(from.getTime() + 86_400_000) })).text();
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(1);
  });
});
