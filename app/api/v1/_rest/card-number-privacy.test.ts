import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutCreated } from '../../../../clients/node/corridor-client';
import { rowsOf } from '../../../../db/client';
import { setLogLevel, setLogSink } from '../../../../server/logging/log';
import { acceptPayout } from '../../../../server/payouts/accept-payout';
import { submitPayoutProof } from '../../../../server/payouts/submit-payout-proof';
import { apiDatabase, apiMerchant, payoutBody, payoutTrader } from '../../../../tests/api/api-harness';
import type { TestDatabase } from '../../../../tests/db/test-database';
import { tinyPng } from '../../../../tests/fixtures/images';

/** docs/security.md, "Card numbers": the full card number never leaves the encrypted column. */
const card = '6217000010098765432';
let database: TestDatabase;
const lines: string[] = [];
let restoreSink: () => void;

beforeAll(async () => {
  database = await apiDatabase();
  setLogLevel('debug');
  restoreSink = setLogSink((line) => lines.push(line));
});
afterAll(async () => {
  restoreSink();
  setLogLevel(undefined);
  await database.close();
});

describe('card numbers', () => {
  it('appear in no response, log line, event, timeline, audit entry or error of a whole payout', async () => {
    const merchant = await apiMerchant(database.db, '10000.00');
    const trader = await payoutTrader(database.db);
    const bodies: string[] = [];
    const record = async <T>(response: Promise<{ body: T }>) => {
      const { body } = await response;
      bodies.push(JSON.stringify(body));
      return body;
    };

    const recipient = { holderName: 'Han Meimei', bankAccount: card, bankName: 'ICBC' };
    const created = (await record(merchant.client.createPayout(payoutBody({ recipient }) as never, 'privacy-1'))) as PayoutCreated;
    await record(merchant.client.createPayout(payoutBody({ recipient }) as never, 'privacy-1')); // replay
    await record(merchant.client.createPayout(payoutBody({ recipient, merchantOrderNo: 'x'.repeat(65) }) as never, 'privacy-2')); // validation error
    await record(merchant.client.createPayout(payoutBody({ recipient: { ...recipient, bankAccount: `${card}0000000000000000` } }) as never, 'privacy-3'));
    await record(merchant.client.getPayout(created.orderNo));
    await acceptPayout(database.db, { traderId: trader.traderId, orderId: created.orderId });
    await submitPayoutProof(database.db, { traderId: trader.traderId, orderId: created.orderId, files: [await tinyPng()] });
    await record(merchant.client.listPayouts());
    await record(merchant.client.decidePayout(created.orderNo, { decision: 'CONFIRM' }));
    await record(merchant.client.decidePayout(created.orderNo, { decision: 'CONFIRM' })); // refused

    const stored = async (query: ReturnType<typeof sql>) => JSON.stringify(rowsOf(await database.db.execute(query)));
    const places = {
      responses: bodies.join('\n'),
      logs: lines.join('\n'),
      events: await stored(sql`select payload from outbox_events`),
      timeline: await stored(sql`select * from order_transitions`),
      audit: await stored(sql`select * from audit_log`),
      idempotency: await stored(sql`select response_body from idempotency_records`),
      orders: await stored(sql`select * from payout_orders`),
    };
    expect(lines.length).toBeGreaterThan(5);
    expect(places.events).toContain('payout.completed');
    for (const [place, text] of Object.entries(places)) {
      expect({ place, leaked: text.includes(card) || text.includes(card.slice(0, 12)) }).toEqual({ place, leaked: false });
    }
    expect(places.responses).toContain('"bankAccountLast4":"5432"');
  });
});
