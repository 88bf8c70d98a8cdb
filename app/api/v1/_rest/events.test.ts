import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorridorTraderClient, type Event, type EventList, type PayoutCreated } from '../../../../clients/node/corridor-client';
import { issueApiKey } from '../../../../server/api-keys/issue-api-key';
import { encodeEventCursor } from '../../../../server/outbox/event-cursor';
import { apiDatabase, apiMerchant, BASE_URL, inProcessFetch, payoutBody, payoutTrader, type TestMerchant } from '../../../../tests/api/api-harness';
import { emitTestEvent } from '../../../../tests/api/merchant-events';
import type { TestDatabase } from '../../../../tests/db/test-database';

let database: TestDatabase;

beforeAll(async () => {
  database = await apiDatabase();
});
afterAll(async () => {
  await database.close();
});

const code = (body: unknown) => (body as { error?: { code: string } }).error?.code;

async function page(subject: TestMerchant, query: Record<string, string | number | undefined> = {}): Promise<EventList> {
  const response = await subject.client.listEvents(query);
  expect(response.status).toBe(200);
  return response.body as EventList;
}

/** `count` test events one millisecond apart, from `start`; the newest last. */
async function emitSeries(merchant: TestMerchant, start: Date, count: number) {
  const events = [];
  for (let index = 0; index < count; index += 1) {
    events.push(await emitTestEvent(database.db, merchant.merchantId, new Date(start.getTime() + index), `event ${index}`));
  }
  return events;
}

describe('GET /api/v1/events and /api/v1/events/:eventId', () => {
  it('returns each event exactly as its webhook carried it, newest first', async () => {
    const merchant = await apiMerchant(database.db);
    const trader = await payoutTrader(database.db);
    const key = await issueApiKey(database.db, { traderId: trader.traderId });
    const bot = new CorridorTraderClient({ baseUrl: BASE_URL, apiKey: key.keyId, apiSecret: key.secret, fetch: inProcessFetch });
    const test = await emitTestEvent(database.db, merchant.merchantId, new Date(Date.now() - 1000));
    const created = (await merchant.client.createPayout(payoutBody() as never, 'events-1')).body as PayoutCreated;
    expect((await bot.acceptTask(created.orderId)).status).toBe(200);

    const listed = await page(merchant);
    expect(listed.items.map((event) => event.type)).toEqual(['payout.accepted', 'webhook.test']);
    expect(listed.items[1]).toEqual(test);
    expect(listed).toMatchObject({ hasMore: false, nextCursor: null });
    const accepted = listed.items[0]!;
    expect(accepted.data).toMatchObject({ orderId: created.orderId, status: 'PENDING_PAYMENT' });

    const one = await merchant.client.getEvent(accepted.id);
    expect(one.status).toBe(200);
    expect(one.body as Event).toEqual(accepted);
  });

  it('filters by type and by [from, to)', async () => {
    const merchant = await apiMerchant(database.db);
    const [first, second, third] = await emitSeries(merchant, new Date('2026-11-01T00:00:00.000Z'), 3);
    const ids = (list: EventList) => list.items.map((event) => event.id);

    expect(ids(await page(merchant, { type: 'webhook.test' }))).toEqual([third!.id, second!.id, first!.id]);
    expect(ids(await page(merchant, { type: 'payout.accepted' }))).toEqual([]);
    expect(ids(await page(merchant, { from: second!.createdAt }))).toEqual([third!.id, second!.id]);
    expect(ids(await page(merchant, { to: second!.createdAt }))).toEqual([first!.id]);
    expect(ids(await page(merchant, { from: first!.createdAt, to: third!.createdAt }))).toEqual([second!.id, first!.id]);
    expect(ids(await page(merchant, { from: second!.createdAt, to: second!.createdAt }))).toEqual([]);
    expect(ids(await page(merchant, { from: '2026-11-02' }))).toEqual([]);
  });

  it('walks every event once, newest first, while new events arrive between pages', async () => {
    const merchant = await apiMerchant(database.db);
    const start = new Date(Date.now() - 60_000);
    const older = await emitSeries(merchant, start, 20);
    // Three events in one millisecond: the id breaks the tie, so none is skipped or repeated.
    const tied = new Date(start.getTime() + 10);
    for (let index = 0; index < 3; index += 1) older.push(await emitTestEvent(database.db, merchant.merchantId, tied, `tied ${index}`));

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const result = await page(merchant, { limit: 4, startingAfter: cursor });
      seen.push(...result.items.map((event) => event.id));
      expect(result.items.length).toBeLessThanOrEqual(4);
      cursor = result.nextCursor ?? undefined;
      expect(cursor === undefined).toBe(!result.hasMore);
      // Written while the merchant pages: newer than every cursor, so it is on no later page.
      await emitTestEvent(database.db, merchant.merchantId, new Date(), `during page ${pages}`);
      pages += 1;
    } while (cursor);

    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual(older.map((event) => event.id).sort());
    const byTime = older.toSorted((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
    expect(seen).toEqual(byTime.map((event) => event.id));
    expect(pages).toBe(6);
  });

  it('takes limit 1 and 100, and refuses 0 and 101', async () => {
    const merchant = await apiMerchant(database.db);
    await emitSeries(merchant, new Date('2026-10-01T00:00:00.000Z'), 2);
    const one = await page(merchant, { limit: 1 });
    expect([one.items.length, one.hasMore, typeof one.nextCursor]).toEqual([1, true, 'string']);
    const hundred = await page(merchant, { limit: 100 });
    expect([hundred.items.length, hundred.hasMore, hundred.nextCursor]).toEqual([2, false, null]);
    for (const limit of ['0', '101', '-1', '1.5', 'ten']) {
      const response = await merchant.client.listEvents({ limit });
      expect([limit, response.status, code(response.body)]).toEqual([limit, 400, 'VALIDATION_FAILED']);
    }
  });

  it('refuses a cursor it did not make, an unknown type, from after to, year 0000 and unknown parameters', async () => {
    const merchant = await apiMerchant(database.db);
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const badQueries: Record<string, string>[] = [
      { startingAfter: 'not a cursor' },
      { startingAfter: '' },
      { startingAfter: 'x'.repeat(300) },
      { startingAfter: b64({ t: '2026-11-01T00:00:00.000000Z' }) },
      { startingAfter: b64({ t: '2026-13-01T00:00:00.000000Z', i: `evt_${'0'.repeat(32)}` }) },
      { startingAfter: b64({ t: '2026-11-01T00:00:00.000000Z', i: "evt_' or 1=1 --" }) },
      { startingAfter: b64({ t: '2026-11-01T00:00:00.000000Z', i: `evt_${'0'.repeat(32)}`, merchantId: merchant.merchantId }) },
      { type: 'payout.exploded' },
      { from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' },
      { from: '0000-01-01T00:00:00Z' },
      { to: '0000-01-01' },
      { startingAfterr: 'x' },
    ];
    for (const query of badQueries) {
      const response = await merchant.client.listEvents(query);
      expect([query, response.status, code(response.body)]).toEqual([query, 400, 'VALIDATION_FAILED']);
    }
    // A well-formed cursor past every event is an empty page, not an error.
    const empty = await page(merchant, { startingAfter: encodeEventCursor({ createdAt: '1970-01-01T00:00:00.000000Z', id: `evt_${'0'.repeat(32)}` }) });
    expect(empty).toEqual({ items: [], hasMore: false, nextCursor: null });
  });

  it('answers NOT_FOUND for an unknown event id and VALIDATION_FAILED for one that is not an id', async () => {
    const merchant = await apiMerchant(database.db);
    const unknown = await merchant.client.getEvent(`evt_${'f'.repeat(32)}`);
    expect([unknown.status, code(unknown.body)]).toEqual([404, 'NOT_FOUND']);
    for (const id of ['evt_123', `evt_${'F'.repeat(32)}`, 'whd_1']) {
      const response = await merchant.client.getEvent(id);
      expect([id, response.status, code(response.body)]).toEqual([id, 400, 'VALIDATION_FAILED']);
    }
  });
});
