import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorridorClient } from '../../clients/node/corridor-client';
import { payoutOrders } from '../../db/schema';
import { cliActor } from '../../server/audit';
import { checkLedgerInvariants } from '../../server/ledger';
import { setWebhookEndpoint } from '../../server/webhooks/set-webhook-endpoint';
import { sendTestEvent } from '../../server/webhooks/send-test-event';
import { apiMerchant, payoutBody } from '../api/api-harness';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { startReceiver } from '../webhooks/receiver';
import { spawnCorridor } from './spawn-corridor';

/**
 * SIGTERM in the middle of a burst of payout creates, with webhook deliveries in flight to a slow
 * endpoint: no request the server accepted fails, no delivery stays leased, the process exits 0.
 * A request counts as accepted when it got an answer or its order exists.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('graceful shutdown (PostgreSQL, a real server process)', () => {
  let database: TestDatabase;
  const slowReceiver = startReceiver((_req, _body, res) => void setTimeout(() => res.end('ok'), 1_500));

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await (await slowReceiver).close();
    await database.close();
  });

  it('finishes what it accepted and hands back what it holds', async () => {
    const receiver = await slowReceiver;
    const merchant = await apiMerchant(database.db, '100000.00');
    await setWebhookEndpoint(database.db, { merchantId: merchant.merchantId, url: receiver.url, actor: cliActor });
    const corridor = await spawnCorridor(database.url!, { CORRIDOR_SCHEDULER: 'off', LOG_LEVEL: 'info' });
    // Deliveries in flight at SIGTERM: the slow endpoint holds each for 1.5 s.
    for (let i = 0; i < 30; i += 1) await sendTestEvent({ db: database.db, merchantId: merchant.merchantId, actor: cliActor });
    const client = new CorridorClient({ baseUrl: corridor.url, apiKey: merchant.apiKey, apiSecret: merchant.apiSecret });

    const outcomes: { merchantOrderNo: string; status: number | 'network error' }[] = [];
    const total = 160;
    let next = 0;
    let terminated = false;
    const sendOne = async () => {
      const body = payoutBody({ fiatAmount: '100.00' });
      try {
        const response = await client.createPayout(body as never, randomBytes(8).toString('hex'));
        outcomes.push({ merchantOrderNo: body.merchantOrderNo, status: response.status });
      } catch {
        outcomes.push({ merchantOrderNo: body.merchantOrderNo, status: 'network error' });
      }
      if (!terminated && outcomes.length >= 50) {
        terminated = true;
        corridor.child.kill('SIGTERM');
      }
    };
    await Promise.all(
      Array.from({ length: 12 }, async () => {
        while (next < total) {
          next += 1;
          await sendOne();
        }
      }),
    );
    const code = await corridor.exited;

    expect(code, corridor.output()).toBe(0);
    expect(terminated).toBe(true);
    const answered = outcomes.filter((outcome) => outcome.status !== 'network error');
    expect(answered.length).toBeGreaterThanOrEqual(50);
    // Every answer is a success: nothing the server took in was cut off with an error.
    expect(answered.filter((outcome) => outcome.status !== 201)).toEqual([]);
    const created = await database.db
      .select({ merchantOrderNo: payoutOrders.merchantOrderNo })
      .from(payoutOrders)
      .where(inArray(payoutOrders.merchantOrderNo, outcomes.map((outcome) => outcome.merchantOrderNo)));
    const createdNos = new Set(created.map((row) => row.merchantOrderNo));
    // Every 201 has its order; a request without an answer was never taken in (no order).
    for (const outcome of answered) expect(createdNos.has(outcome.merchantOrderNo)).toBe(true);
    const droppedButCreated = outcomes.filter((outcome) => outcome.status === 'network error' && createdNos.has(outcome.merchantOrderNo));
    expect(droppedButCreated).toEqual([]);

    const [deliveries] = (await database.db.execute(
      sql`select count(*)::int as total, count(*) filter (where status = 'delivering')::int as leased from webhook_deliveries`,
    )) as unknown as { total: number; leased: number }[];
    expect(deliveries?.total).toBeGreaterThan(0);
    expect(deliveries?.leased).toBe(0);
    console.log(`graceful shutdown: ${answered.length} answered (all 201), ${outcomes.length - answered.length} refused before acceptance, ${deliveries?.total} deliveries, 0 leased`);
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
    expect(corridor.output()).toContain('"message":"stopped"');
  });
});
