import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformSettings, users } from '../db/schema';
import { demoCredentialLines, printedSignIn, startBanner } from './start-banner';
import { createTestDatabase, type TestDatabase } from '../tests/db/test-database';
import { signInWithPassword } from '../server/auth/sign-in';
import { demoCredentials } from '../server/demo/demo-credentials';
import { seedDemo } from '../server/demo/seed-demo';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('the demo merchant owner', () => {
  it('is printed at start, signs in with the printed password as the demo merchant owner, and still has a second factor to enrol', async () => {
    expect(await seedDemo(database.db)).toBe(true);
    const banner = startBanner({ url: 'http://127.0.0.1:3000', mode: 'demo', seconds: '1.0', demo: true });
    expect(banner).toContain('  Merchant console  http://127.0.0.1:3000/merchant');
    const printed = printedSignIn(banner, 'Merchant console');
    expect(printed).toEqual({ email: demoCredentials.merchantOwner.email, password: demoCredentials.merchantOwner.password });

    const signedIn = await signInWithPassword(database.db, { input: { ...printed, ip: '203.0.113.20' } });
    expect(signedIn).toMatchObject({ role: 'merchant', merchantId: demoCredentials.merchant.id, displayName: demoCredentials.merchantOwner.name, totpEnrolled: false });
    const [row] = await database.db.select({ merchantRole: users.merchantRole, totpSecret: users.totpSecret }).from(users).where(eq(users.id, signedIn.userId));
    expect(row).toEqual({ merchantRole: 'owner', totpSecret: null });

    // Seeded once per database: a second start finds it and makes no second owner.
    expect(await seedDemo(database.db)).toBe(false);
    expect(await database.db.select({ id: users.id }).from(users).where(eq(users.merchantId, demoCredentials.merchant.id))).toHaveLength(1);
  });

  it('joins a demo database seeded before it existed, once, and never replaces an owner the merchant already has', async () => {
    const older = await createTestDatabase();
    try {
      // What an earlier start left: the demo seeded, its merchant without an owner.
      expect(await seedDemo(older.db)).toBe(true);
      await older.db.delete(users).where(eq(users.email, demoCredentials.merchantOwner.email));
      await older.db.delete(platformSettings).where(eq(platformSettings.key, 'demo.merchant_owner_seeded_at'));
      expect(await seedDemo(older.db)).toBe(true);
      const signedIn = await signInWithPassword(older.db, { input: { ...printedSignIn(demoCredentialLines(), 'Merchant console'), ip: '203.0.113.21' } });
      expect(signedIn).toMatchObject({ role: 'merchant', merchantId: demoCredentials.merchant.id, totpEnrolled: false });
      expect(await seedDemo(older.db)).toBe(false);

      // A merchant whose team already has its owner keeps it: no second owner is made.
      await older.db.delete(platformSettings).where(eq(platformSettings.key, 'demo.merchant_owner_seeded_at'));
      await older.db.update(users).set({ email: 'someone-else@demo.corridor.local' }).where(eq(users.id, signedIn.userId));
      expect(await seedDemo(older.db)).toBe(false);
      const owners = await older.db.select({ email: users.email }).from(users).where(eq(users.merchantId, demoCredentials.merchant.id));
      expect(owners).toEqual([{ email: 'someone-else@demo.corridor.local' }]);
    } finally {
      await older.close();
    }
  });

  it('is printed only in demo mode', () => {
    const production = startBanner({ url: 'https://corridor.example', mode: 'production', seconds: '1.0', demo: false });
    expect(production.join('\n')).not.toContain(demoCredentials.merchantOwner.password);
    expect(production).toContain('  Merchant console  https://corridor.example/merchant');
    expect(demoCredentialLines()[0]).toBe('Demo credentials (demo mode only; never for real money):');
  });
});
