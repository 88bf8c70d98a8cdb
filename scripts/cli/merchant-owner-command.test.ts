import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { describeInvitation } from '../../server/merchant-team/describe-invitation';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { tokenOf } from '../../tests/fixtures/merchant-team';
import { merchantWithBalance } from '../../tests/fixtures/parties';
import { commands } from './commands';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('corridor merchant-owner create', () => {
  it("prints the first owner's one-time link, says no email is sent, and audits it as the command line", async () => {
    const merchant = await merchantWithBalance(database.db, '0');
    const { text, result } = await commands['merchant-owner create']!.run(database.db, { merchant: merchant.merchantId, email: 'boss@test.local' });
    const link = (result as { link: string }).link;
    expect(text).toContain(link);
    expect(text).toContain('No email is sent');
    expect(await describeInvitation(database.db, { token: tokenOf(link) })).toMatchObject({ merchantName: merchant.name, email: 'boss@test.local', role: 'owner' });
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, 'merchant_team.owner_invited'));
    expect(audits.map((a) => [a.actorType, a.targetId])).toEqual([['cli', merchant.merchantId]]);
  });

  it('a missing flag or a bad email is VALIDATION_FAILED; an unknown merchant NOT_FOUND', async () => {
    const merchant = await merchantWithBalance(database.db, '0');
    await expect(commands['merchant-owner create']!.run(database.db, { merchant: merchant.merchantId })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(commands['merchant-owner create']!.run(database.db, { merchant: merchant.merchantId, email: 'nope' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(commands['merchant-owner create']!.run(database.db, { merchant: '00000000-0000-4000-8000-000000000000', email: 'a@test.local' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
