import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Balance, EventList, StatementPage } from '../../clients/node/corridor-client';
import { encodeEventCursor } from '../../server/outbox/event-cursor';
import { apiDatabase, apiMerchant, type TestMerchant } from '../api/api-harness';
import { emitTestEvent } from '../api/merchant-events';
import type { TestDatabase } from '../db/test-database';

let database: TestDatabase;
let victim: TestMerchant;
let attacker: TestMerchant;

beforeAll(async () => {
  database = await apiDatabase();
  victim = await apiMerchant(database.db, '5000.00');
  attacker = await apiMerchant(database.db, '1.00');
});
afterAll(async () => {
  await database.close();
});

const code = (body: unknown) => (body as { error?: { code: string } }).error?.code;

describe("a merchant tries to read another merchant's events and balance with its own valid key", () => {
  it("fetching the other merchant's event by id answers NOT_FOUND, the same as an id that never existed", async () => {
    const secret = await emitTestEvent(database.db, victim.merchantId, new Date(), 'victim only');
    const foreign = await attacker.client.getEvent(secret.id);
    const unknown = await attacker.client.getEvent(`evt_${'0'.repeat(32)}`);
    expect([foreign.status, code(foreign.body)]).toEqual([404, 'NOT_FOUND']);
    expect([unknown.status, code(unknown.body)]).toEqual([404, 'NOT_FOUND']);
    expect(JSON.stringify(foreign.body)).not.toContain('victim only');
    // The owner still reads it.
    expect((await victim.client.getEvent(secret.id)).status).toBe(200);
  });

  it("listing, with any filter or a cursor taken from the other merchant's pages, shows only the caller's own events", async () => {
    const start = Date.now() - 10_000;
    for (let index = 0; index < 3; index += 1) await emitTestEvent(database.db, victim.merchantId, new Date(start + index), `victim ${index}`);
    const own = await emitTestEvent(database.db, attacker.merchantId, new Date(start - 1), 'attacker');
    const victimPage = (await victim.client.listEvents({ limit: 1 })).body as EventList;
    expect(victimPage.nextCursor).toEqual(expect.any(String));

    const attempts: Record<string, string | number | undefined>[] = [
      {},
      { type: 'webhook.test' },
      { from: '1970-01-01', to: '9999-12-31' },
      { startingAfter: victimPage.nextCursor! },
      // A forged cursor naming a position among the victim's events.
      { startingAfter: encodeEventCursor({ createdAt: new Date(start + 2).toISOString().replace('Z', '000Z'), id: victimPage.items[0]!.id }) },
    ];
    for (const query of attempts) {
      const response = await attacker.client.listEvents(query);
      expect(response.status).toBe(200);
      expect((response.body as EventList).items.map((event) => event.id)).toEqual([own.id]);
    }
  });

  it("the statement, paged with the other merchant's entry ids as cursors or exported as CSV, shows only the caller's own entries", async () => {
    const victimPage = (await victim.client.listBalanceTransactions({ limit: 100 })).body as StatementPage;
    const own = (await attacker.client.listBalanceTransactions({ limit: 100 })).body as StatementPage;
    expect(own.items.map((entry) => entry.amount)).toEqual(['1.000000']);
    const victimIds = victimPage.items.map((entry) => entry.id);
    for (const cursor of [...victimIds, String(Number(victimIds[0]) + 1)]) {
      const response = await attacker.client.listBalanceTransactions({ startingAfter: cursor });
      expect(response.status).toBe(200);
      expect((response.body as StatementPage).items.every((entry) => own.items.some((mine) => mine.id === entry.id))).toBe(true);
    }
    const smuggled = await attacker.client.listBalanceTransactions({ merchantId: victim.merchantId });
    expect([smuggled.status, code(smuggled.body)]).toEqual([400, 'VALIDATION_FAILED']);
    const csv = await (await attacker.client.exportBalanceTransactionsCsv({ from: '1970-01-01' })).text();
    expect(csv.split('\r\n').slice(1, -1).map((line) => line.split(',')[0])).toEqual(own.items.map((entry) => entry.id));
    expect(csv).not.toContain('5000.000000');
  });

  it('the balance has no merchant parameter to point elsewhere: each key reads its own merchant only', async () => {
    const smuggled = await attacker.client.request('GET', '/api/v1/balance', { query: { merchantId: victim.merchantId } });
    expect([smuggled.status, code(smuggled.body)]).toEqual([400, 'VALIDATION_FAILED']);
    const own = await attacker.client.getBalance();
    expect(own.body as Balance).toEqual({ currency: 'USDT', available: '1.000000', frozen: '0.000000', pending: '0.000000' });
  });
});
