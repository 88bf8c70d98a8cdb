import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorridorClient } from '../../clients/node/corridor-client';
import { generateKeyringText } from '../../server/crypto/keyring';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { spawnCorridor, type CorridorProcess } from './spawn-corridor';

const exec = promisify(execFile);

/**
 * Production mode started the documented way (`npm run start:prod` on a migrated PostgreSQL with
 * real secrets), then used: an operator creates a merchant with the CLI and the merchant's signed
 * call works. What demo mode allows, production refuses: webhooks to private addresses.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a production start (PostgreSQL, real secrets)', () => {
  let database: TestDatabase;
  let corridor: CorridorProcess | undefined;
  const secrets = {
    CORRIDOR_MODE: '',
    CORRIDOR_ENCRYPTION_KEYS: generateKeyringText(),
    AUTH_SECRET: 'a-production-session-secret-of-40-characters',
    PUBLIC_BASE_URL: 'https://pay.example.com',
    CORRIDOR_WEBHOOK_ALLOW_PRIVATE: '',
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    corridor?.child.kill('SIGTERM');
    await corridor?.exited;
    await database.close();
  });

  // A production start builds nothing but migrates and loads everything: two minutes on a busy machine.
  it('serves, with keys and secrets of its own, and keeps the SSRF guard on', { timeout: 120_000 }, async () => {
    corridor = await spawnCorridor(database.url!, secrets, 'scripts/start-prod.ts');
    expect(corridor.output()).toContain('in production mode');
    expect(corridor.output()).not.toContain('Demo credentials');

    const cli = (...args: string[]) =>
      exec(process.execPath, ['--import', 'tsx', 'scripts/corridor.ts', ...args, '--json'], {
        env: { ...process.env, DATABASE_URL: database.url!, ...secrets },
      });
    const created = JSON.parse((await cli('merchant', 'create', '--name', 'Real Ltd')).stdout) as { merchantId: string; apiKey: { keyId: string; secret: string } };
    const client = new CorridorClient({ baseUrl: corridor.url, apiKey: created.apiKey.keyId, apiSecret: created.apiKey.secret });
    expect((await client.listPayouts()).status).toBe(200);

    const privateEndpoint = await cli('webhook', 'set', '--merchant', created.merchantId, '--url', 'http://10.0.0.8/hooks').catch((error: { stdout: string }) => error);
    expect(JSON.parse(privateEndpoint.stdout)).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });
});
