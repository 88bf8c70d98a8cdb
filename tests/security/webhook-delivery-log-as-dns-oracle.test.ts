/**
 * Attack: a merchant points their webhook endpoint at hostnames of their choosing and reads the
 * delivery log to learn how Corridor's network resolves them: "destination localhost resolves to a
 * private address (127.0.0.1 is loopback)" names the internal address, "getaddrinfo ENOTFOUND x"
 * says the name does not exist, so the log becomes a DNS oracle inside the operator's network.
 *
 * Rule: the merchant's delivery log (REST and the console read the same rows) shows a fixed reason
 * for an attempt without an answer: "could not connect" for anything from the name lookup to the
 * connection (a name resolving to a refused address reads exactly as one that does not resolve),
 * "destination not allowed" for a URL that itself names a refused address. No address, hostname or
 * resolver error reaches it; the detail is in the server's log, for the operators.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor } from '../../server/audit';
import { setLogLevel, setLogSink } from '../../server/logging/log';
import { claimDeliveries } from '../../server/webhooks/claim-deliveries';
import { deliverWebhook } from '../../server/webhooks/deliver-webhook';
import { sendTestEvent } from '../../server/webhooks/send-test-event';
import { setWebhookEndpoint } from '../../server/webhooks/set-webhook-endpoint';
import { apiDatabase, apiMerchant, type TestMerchant } from '../api/api-harness';
import type { TestDatabase } from '../db/test-database';
import { freePort } from '../operations/spawn-corridor';

let database: TestDatabase;
let merchant: TestMerchant;
const serverLog: string[] = [];
let restoreSink: () => void;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
  setLogLevel('debug');
  restoreSink = setLogSink((line) => serverLog.push(line));
});
afterAll(async () => {
  restoreSink();
  setLogLevel(undefined);
  await database.close();
});

interface Attempt {
  statusCode: number | null;
  response: string | null;
  error: string | null;
}

/** Sends a test event to `url` with private destinations refused (production) and returns what the merchant's log shows. */
async function attemptLogFor(url: string): Promise<{ lastError: string | null; attempts: Attempt[] }> {
  await setWebhookEndpoint(database.db, { merchantId: merchant.merchantId, url, actor: cliActor, now: new Date(), allowPrivate: true });
  const { eventId } = await sendTestEvent({ db: database.db, merchantId: merchant.merchantId, actor: cliActor });
  for (const delivery of await claimDeliveries(database.db, { workerId: 'oracle-worker', now: new Date(), limit: 10, leaseMs: 30_000 })) {
    await deliverWebhook(database.db, delivery, { workerId: 'oracle-worker', allowPrivate: false, schedule: [], timeoutMs: 5_000 });
  }
  const answer = await merchant.client.request<{ items: { lastError: string | null; attemptLog: Attempt[] }[] }>('GET', '/api/v1/webhooks/deliveries', {
    query: { eventId },
  });
  expect(answer.status).toBe(200);
  const [item] = (answer.body as { items: { lastError: string | null; attemptLog: Attempt[] }[] }).items;
  return { lastError: item!.lastError, attempts: item!.attemptLog };
}

describe('a merchant probes internal hostnames through the webhook delivery log', () => {
  it('a name resolving to loopback, a name that does not exist and a closed port read the same fixed reason, naming no address', async () => {
    const closed = await freePort();
    const probes = [`http://localhost:${closed}/probe`, 'http://no-such-host.invalid/probe', `http://LOCALHOST:${closed}/probe`];
    const seen: string[] = [];
    for (const url of probes) {
      const { lastError, attempts } = await attemptLogFor(url);
      expect(attempts, url).toEqual([expect.objectContaining({ statusCode: null, response: null, error: 'could not connect' })]);
      expect(lastError, url).toBe('could not connect');
      seen.push(JSON.stringify({ lastError, attempts: attempts.map((attempt) => attempt.error) }));
    }
    for (const shown of seen) {
      expect(shown).not.toMatch(/127\.0\.0\.1|::1|loopback|private|resolves|getaddrinfo|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|localhost|no-such-host/i);
    }
  });

  it('a URL naming a refused address reads "destination not allowed", without the address or its range', async () => {
    const { lastError, attempts } = await attemptLogFor('http://169.254.169.254/latest/meta-data/');
    expect(lastError).toBe('destination not allowed');
    expect(attempts.map((attempt) => attempt.error)).toEqual(['destination not allowed']);
  });

  it("the operators' log keeps the detail the merchant no longer sees", async () => {
    await attemptLogFor('http://localhost:9/probe');
    const lines = serverLog.map((line) => JSON.parse(line) as { message: string; reason?: string; detail?: string });
    const failures = lines.filter((line) => line.message === 'webhook attempt failed');
    expect(failures.some((line) => line.reason === 'could not connect' && /localhost resolves to a private address/.test(line.detail ?? ''))).toBe(true);
    expect(failures.some((line) => line.reason === 'destination not allowed' && /169\.254\.169\.254/.test(line.detail ?? ''))).toBe(true);
  });
});
