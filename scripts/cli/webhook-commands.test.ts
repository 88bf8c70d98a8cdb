import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, merchants } from '../../db/schema';
import { signingSecrets } from '../../server/webhooks/webhook-secret';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { merchantWithBalance } from '../../tests/fixtures/parties';
import { commands } from './commands';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const row = async (merchantId: string) => (await database.db.select().from(merchants).where(eq(merchants.id, merchantId)))[0]!;

describe('CLI webhook commands', () => {
  it('rotate-secret takes the overlap in hours, refuses more than 7 days, and is audited as the CLI', async () => {
    const merchant = await merchantWithBalance(database.db, '0');
    const set = await commands['webhook set']!.run(database.db, { merchant: merchant.merchantId, url: 'https://merchant.example/hooks' });
    const first = (set.result as { secret: string }).secret;

    await expect(commands['webhook rotate-secret']!.run(database.db, { merchant: merchant.merchantId, 'overlap-hours': '169' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(signingSecrets(await row(merchant.merchantId), new Date())).toEqual([first]);

    const rotated = await commands['webhook rotate-secret']!.run(database.db, { merchant: merchant.merchantId, 'overlap-hours': '0' });
    const { secret } = rotated.result as { secret: string };
    expect(rotated.text).toContain(secret);
    expect(signingSecrets(await row(merchant.merchantId), new Date())).toEqual([secret]);
    const audit = await database.db.select().from(auditLog).where(and(eq(auditLog.targetId, merchant.merchantId), eq(auditLog.action, 'merchant.webhook.rotate_secret')));
    expect(audit.map((entry) => [entry.actorType, entry.details])).toEqual([['cli', { overlapSeconds: 0, previousSecretExpiresAt: null }]]);
  });

  it('set none clears the endpoint', async () => {
    const merchant = await merchantWithBalance(database.db, '0');
    await commands['webhook set']!.run(database.db, { merchant: merchant.merchantId, url: 'https://merchant.example/hooks' });
    const cleared = await commands['webhook set']!.run(database.db, { merchant: merchant.merchantId, url: 'none' });
    expect(cleared.text).toBe('Webhook endpoint removed.');
    expect((await row(merchant.merchantId)).webhookUrl).toBeNull();
  });
});
