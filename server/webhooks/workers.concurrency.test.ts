import { spawn, type ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { apiMerchant } from '../../tests/api/api-harness';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { startReceiver } from '../../tests/webhooks/receiver';
import { cliActor } from '../audit';
import { setWebhookEndpoint } from './set-webhook-endpoint';

// Worker processes need a database they can share: PostgreSQL only.
describe.runIf(process.env.TEST_DATABASE_URL)('two webhook workers against one PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  function startWorker(id: string): ChildProcess {
    return spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
      cwd: process.cwd(),
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        CORRIDOR_MODE: 'demo',
        CORRIDOR_WORKER_ID: id,
        CORRIDOR_WEBHOOK_LEASE_MS: '2000',
        CORRIDOR_WORKER_IDLE_MS: '50',
        CORRIDOR_WEBHOOK_ALLOW_PRIVATE: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  }

  it('deliver 1,000 events, none twice at the same time, all of them even when one is killed mid-run', async () => {
    const inFlight = new Set<string>();
    const seen = new Set<string>();
    let overlaps = 0;
    const receiver = await startReceiver(async (request, _body, response) => {
      const id = String(request.headers['webhook-id']);
      if (inFlight.has(id)) overlaps += 1;
      inFlight.add(id);
      await new Promise((resolve) => setTimeout(resolve, 3));
      inFlight.delete(id);
      seen.add(id);
      response.end('ok');
    });
    const merchant = await apiMerchant(database.db, '0');
    await setWebhookEndpoint(database.db, { merchantId: merchant.merchantId, url: receiver.url, actor: cliActor });
    await database.db.execute(sql`
      insert into outbox_events (id, merchant_id, type, flow, payload)
      select 'evt_bulk_' || g, ${merchant.merchantId}, 'webhook.test', 'test',
             jsonb_build_object('id', 'evt_bulk_' || g, 'type', 'webhook.test', 'createdAt', now(), 'data', jsonb_build_object('n', g))
      from generate_series(1, 1000) g`);
    await database.db.execute(sql`
      insert into webhook_deliveries (event_id, merchant_id, url)
      select id, merchant_id, ${receiver.url} from outbox_events where id like 'evt_bulk_%'`);

    const a = startWorker('worker-a');
    const b = startWorker('worker-b');
    try {
      const deadline = Date.now() + 60_000;
      while (seen.size < 250 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      a.kill('SIGKILL');
      let pending = 1000;
      while (Date.now() < deadline) {
        const [row] = rowsOf<{ left: string | number }>(
          await database.db.execute(sql`select count(*) as left from webhook_deliveries where status <> 'succeeded' and event_id like 'evt_bulk_%'`),
        );
        pending = Number(row?.left ?? 0);
        if (pending === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(pending).toBe(0);
      expect(seen.size).toBe(1000);
      expect(overlaps).toBe(0);

      const exited = new Promise<number | null>((resolve) => b.once('exit', (code) => resolve(code)));
      b.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      a.kill('SIGKILL');
      b.kill('SIGKILL');
      await receiver.close();
    }
  }, 90_000);
});
