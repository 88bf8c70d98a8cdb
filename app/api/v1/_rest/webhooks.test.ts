import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor } from '../../../../server/audit';
import { setWebhookEndpoint } from '../../../../server/webhooks/set-webhook-endpoint';
import { apiDatabase, apiMerchant, type TestMerchant } from '../../../../tests/api/api-harness';
import type { TestDatabase } from '../../../../tests/db/test-database';

let database: TestDatabase;
let merchant: TestMerchant;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
});
afterAll(async () => {
  await database.close();
});

const body = (response: { body: unknown }) => response.body as Record<string, unknown> & { error?: { code: string } };

describe('merchant webhook endpoints', () => {
  it('a test event needs an endpoint first', async () => {
    const response = await merchant.client.request('POST', '/api/v1/webhooks/test');
    expect([response.status, body(response).error?.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('test event, delivery log and resend; another merchant sees none of it', async () => {
    await setWebhookEndpoint(database.db, { merchantId: merchant.merchantId, url: 'https://merchant.example/hooks', actor: cliActor });
    const sent = await merchant.client.request<{ eventId: string; deliveryId: string }>('POST', '/api/v1/webhooks/test');
    expect(sent.status).toBe(202);
    const { eventId, deliveryId } = sent.body as { eventId: string; deliveryId: string };

    const log = await merchant.client.request<{ items: { id: string; eventType: string; status: string }[] }>('GET', '/api/v1/webhooks/deliveries', { query: { eventId } });
    expect((log.body as { items: unknown[] }).items).toEqual([expect.objectContaining({ id: deliveryId, eventType: 'webhook.test', status: 'pending' })]);

    const again = await merchant.client.request('POST', `/api/v1/webhooks/deliveries/${deliveryId}/resend`);
    expect(again.status).toBe(202);
    expect(body(again)).toMatchObject({ eventId });

    const stranger = await apiMerchant(database.db);
    const foreign = await stranger.client.request('POST', `/api/v1/webhooks/deliveries/${deliveryId}/resend`);
    expect([foreign.status, body(foreign).error?.code]).toEqual([404, 'NOT_FOUND']);
    const strangerLog = await stranger.client.request('GET', '/api/v1/webhooks/deliveries', { query: { eventId } });
    expect((strangerLog.body as { items: unknown[] }).items).toEqual([]);
  });

  it('refuses bad parameters', async () => {
    for (const query of [{ pageSize: '500' }, { colour: 'red' }]) {
      const response = await merchant.client.request('GET', '/api/v1/webhooks/deliveries', { query });
      expect(response.status).toBe(400);
    }
    const response = await merchant.client.request('POST', '/api/v1/webhooks/deliveries/not-a-uuid/resend');
    expect(response.status).toBe(400);
  });
});
