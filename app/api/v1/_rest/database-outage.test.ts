import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleOperationsRequest } from '../../../_operations/operations-routes';
import { setProcessDatabase } from '../../../../db';
import { connect, type Database } from '../../../../db/client';
import { payoutOrders } from '../../../../db/schema';
import { resetRateLimits } from '../../../../server/rate-limit/token-bucket';
import { apiMerchant, payoutBody, payoutTrader, type TestMerchant } from '../../../../tests/api/api-harness';
import { cuttableProxy, type CuttableProxy } from '../../../../tests/db/cuttable-proxy';
import { createTestDatabase, type TestDatabase } from '../../../../tests/db/test-database';

let database: TestDatabase;
let proxy: CuttableProxy;
let served: Database;
let merchant: TestMerchant;

/**
 * The app's database goes away under it, as during a failover (docs/deploy.md, "Failover"): the
 * REST adapter reaches PostgreSQL through a proxy the test cuts. The test's own setup and checks
 * use the database directly.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('while the database has no primary', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    const direct = new URL(database.url!);
    proxy = await cuttableProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const throughProxy = new URL(direct);
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(proxy.port);
    served = connect({ url: throughProxy.toString(), maxConnections: 4 });
    setProcessDatabase(served);
    resetRateLimits();
    merchant = await apiMerchant(database.db);
    await payoutTrader(database.db);
  });
  afterAll(async () => {
    await served.close();
    await proxy.close();
    await database.close();
  });

  const payoutsOfMerchant = async () => (await database.db.select({ id: payoutOrders.id }).from(payoutOrders).where(eq(payoutOrders.merchantId, merchant.merchantId))).length;

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After and makes nothing; the same Idempotency-Key afterwards makes exactly one order', async () => {
    const body = payoutBody();
    // Warm: the pool holds open connections when the cut comes, as a serving node's does.
    expect((await merchant.client.getBalance()).status).toBe(200);

    proxy.cut();
    const refused = await merchant.client.createPayout(body, 'outage-1');
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    expect(refused.headers.get('retry-after')).toBe('1');
    const ready = await handleOperationsRequest(new Request('http://corridor.test/readyz'));
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ ready: false, database: 'unreachable' });
    expect(await payoutsOfMerchant()).toBe(0);

    proxy.restore();
    const created = await merchant.client.createPayout(body, 'outage-1');
    expect(created.status).toBe(201);
    const again = await merchant.client.createPayout(body, 'outage-1');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(created.body);
    expect(await payoutsOfMerchant()).toBe(1);
    expect((await handleOperationsRequest(new Request('http://corridor.test/readyz'))).status).toBe(200);
  });
});
