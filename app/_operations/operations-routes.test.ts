import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutCreated } from '../../clients/node/corridor-client';
import { cliActor } from '../../server/audit';
import { beginShutdown, resetShutdownState } from '../../server/operations/shutdown-state';
import { acceptPayout } from '../../server/payouts/accept-payout';
import { submitPayoutProof } from '../../server/payouts/submit-payout-proof';
import { setWebhookEndpoint } from '../../server/webhooks/set-webhook-endpoint';
import { apiDatabase, apiMerchant, payoutBody, payoutTrader, type TestMerchant } from '../../tests/api/api-harness';
import type { TestDatabase } from '../../tests/db/test-database';
import { tinyPng } from '../../tests/fixtures/images';
import { handleOperationsRequest } from './operations-routes';

let database: TestDatabase;
let merchant: TestMerchant;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
});
afterEach(() => resetShutdownState());
afterAll(async () => {
  await database.close();
});

const get = (path: string, headers: Record<string, string> = {}) => handleOperationsRequest(new Request(`http://corridor.test${path}`, { headers }));

/** The value of one sample line of the Prometheus text, e.g. `name{a="b"} 3`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (.+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('health probes', () => {
  it('/healthz answers while the process lives', async () => {
    const response = await get('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz is ready with the database reachable and migrated, and 503 from the moment shutdown begins', async () => {
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true, database: 'ok', pendingMigrations: 0, shuttingDown: false });
    beginShutdown();
    const stopping = await get('/readyz');
    expect(stopping.status).toBe(503);
    expect(await stopping.json()).toMatchObject({ ready: false, shuttingDown: true });
  });
});

describe('/metrics after a full payout', () => {
  it('has the route histogram and counters by template, and the webhook gauges with the deliveries waiting', async () => {
    await setWebhookEndpoint(database.db, { merchantId: merchant.merchantId, url: 'http://127.0.0.1:9/hooks', actor: cliActor });
    const { traderId } = await payoutTrader(database.db);
    const created = (await merchant.client.createPayout(payoutBody({ fiatAmount: '700.00' }) as never, 'metrics-1')).body as PayoutCreated;
    await acceptPayout(database.db, { traderId, orderId: created.orderId });
    await submitPayoutProof(database.db, { traderId, orderId: created.orderId, files: [await tinyPng()] });
    expect((await merchant.client.getPayout(created.orderNo)).status).toBe(200);
    expect((await merchant.client.decidePayout(created.orderNo, { decision: 'CONFIRM' })).status).toBe(200);
    expect((await merchant.client.getPayout('WD-no-such-order')).status).toBe(404);

    const response = await get('/metrics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    const rest = { transport: 'rest' };
    expect(sample(text, 'corridor_http_requests_total', { ...rest, route: 'withdrawals', method: 'POST', status: '201' })).toBe(1);
    expect(sample(text, 'corridor_http_requests_total', { ...rest, route: 'withdrawals/:orderNo', method: 'GET', status: '200' })).toBe(1);
    expect(sample(text, 'corridor_http_requests_total', { ...rest, route: 'withdrawals/:orderNo', method: 'GET', status: '404' })).toBe(1);
    expect(sample(text, 'corridor_http_requests_total', { ...rest, route: 'withdrawals/:orderNo/decision', method: 'POST', status: '200' })).toBe(1);
    expect(sample(text, 'corridor_http_request_duration_seconds_count', { ...rest, route: 'withdrawals/:orderNo/decision' })).toBe(1);
    expect(sample(text, 'corridor_http_request_duration_seconds_bucket', { ...rest, route: 'withdrawals', le: '+Inf' })).toBe(1);
    // No raw order numbers in any label.
    expect(text).not.toContain(created.orderNo);

    // accepted, proof_submitted, completed: three events, each a delivery waiting (no worker runs here).
    expect(sample(text, 'corridor_webhook_deliveries_pending')).toBe(3);
    expect(sample(text, 'corridor_webhook_deliveries_in_flight')).toBe(0);
    expect(sample(text, 'corridor_webhook_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'corridor_timers_due')).toBe(0);
    expect(sample(text, 'corridor_disputes_open', { age: 'lt_4h' })).toBe(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'corridor_db_pool_connections', { state: 'in_transaction' })).toBe(0);
    expect(sample(text, 'corridor_db_pool_waiting')).toBe(0);
    // The payout's statements were sent on this process's pool (none on the embedded database).
    if (database.kind === 'postgres') expect(sample(text, 'corridor_db_statements_total')).toBeGreaterThan(0);
    else expect(sample(text, 'corridor_db_statements_total')).toBe(0);
  });

  it('asks for the token when METRICS_TOKEN is set', async () => {
    const { env } = await import('../../config/env');
    const config = env();
    const saved = config.METRICS_TOKEN;
    config.METRICS_TOKEN = 'a-metrics-token-of-length';
    try {
      expect((await get('/metrics')).status).toBe(404);
      expect((await get('/metrics', { authorization: 'Bearer wrong-token-of-length' })).status).toBe(404);
      expect((await get('/metrics', { authorization: 'Bearer a-metrics-token-of-length' })).status).toBe(200);
    } finally {
      config.METRICS_TOKEN = saved;
    }
  });
});
