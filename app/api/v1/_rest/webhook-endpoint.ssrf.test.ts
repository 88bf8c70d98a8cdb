import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebhookEndpointSet } from '../../../../clients/node/corridor-client';
import { auditLog, merchants } from '../../../../db/schema';
import { apiDatabase, apiMerchant, type TestMerchant } from '../../../../tests/api/api-harness';
import type { TestDatabase } from '../../../../tests/db/test-database';

// The production policy (docs/security.md): set before anything reads the configuration, which is
// read once per process. Demo mode, the tests' default, lets private endpoints through.
vi.hoisted(() => {
  process.env.CORRIDOR_WEBHOOK_ALLOW_PRIVATE = '0';
});

let database: TestDatabase;
let merchant: TestMerchant;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
});
afterAll(async () => {
  await database.close();
  delete process.env.CORRIDOR_WEBHOOK_ALLOW_PRIVATE;
});

type ErrorBody = { error: { code: string; details?: { path: string; message: string }[] } };

describe('a merchant sets an internal IP address as its endpoint by API where private destinations are not allowed', () => {
  it.each([
    'http://127.0.0.1:8080/hooks',
    'http://[::1]/x',
    'http://[::ffff:127.0.0.1]/x',
    'http://2130706433/x',
    'http://0x7f.1/x',
    'http://169.254.169.254/latest/meta-data',
    'http://[::ffff:a9fe:a9fe]/x',
    'http://[64:ff9b::a00:1]/x',
    'http://[2002:a9fe:a9fe::]/x',
    'http://10.0.0.1/x',
    'https://192.168.1.10/x',
    'http://[fd00::1]/x',
  ])('%s is 400 VALIDATION_FAILED on webhookUrl, and the endpoint stays as it was', async (url) => {
    const set = await merchant.client.setWebhookEndpoint({ url: 'https://merchant.example/hooks' });
    expect(set.status).toBe(200);
    const [before] = await database.db.select().from(merchants).where(eq(merchants.id, merchant.merchantId));
    const audited = (await database.db.select().from(auditLog).where(eq(auditLog.targetId, merchant.merchantId))).length;

    const refused = await merchant.client.setWebhookEndpoint({ url });
    expect(refused.status).toBe(400);
    expect((refused.body as ErrorBody).error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'webhookUrl', message: expect.stringMatching(/private address/) }] });
    expect((await merchant.client.getWebhookEndpoint()).body).toMatchObject({ url: 'https://merchant.example/hooks', enabled: true });
    const [after] = await database.db.select().from(merchants).where(eq(merchants.id, merchant.merchantId));
    expect(after).toEqual(before);
    expect((await database.db.select().from(auditLog).where(eq(auditLog.targetId, merchant.merchantId))).length).toBe(audited);
  });

  it('public addresses and names are accepted (a name is judged when the worker connects)', async () => {
    for (const url of ['https://merchant.example/hooks', 'https://8.8.8.8/hooks', 'https://[2606:4700::1]/hooks']) {
      const set = await merchant.client.setWebhookEndpoint({ url });
      expect([set.status, (set.body as WebhookEndpointSet).url]).toEqual([200, url]);
    }
  });
});
