import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertSettings, pushSubscriptions, telegramLinkCodes, telegramLinks } from '../../../db/schema';
import { linkTelegramChat } from '../../../server/alerts/telegram/link-codes';
import { apiDatabase } from '../../../tests/api/api-harness';
import type { TestDatabase } from '../../../tests/db/test-database';
import { merchantWithOwner } from '../../../tests/fixtures/merchant-team';
import { refusalCode } from '../../../tests/trpc/refusal-code';
import { callerAs, merchantSession, signedInOperator, signedInTrader } from '../../../tests/trpc/trpc-harness';
import { appRouter } from '../root';

let database: TestDatabase;

beforeAll(async () => {
  database = await apiDatabase();
});
afterAll(async () => {
  await database.close();
});

type Caller = ReturnType<typeof callerAs>;
const SETTINGS = { mutedKinds: ['payout_task' as const], language: 'zh' as const, quietHours: { fromMinute: 1320, toMinute: 420 }, timeZone: 'Asia/Shanghai' };

const PUSH = { endpoint: 'https://push.example.com/send/abc', keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } };

/** One valid call per procedure. */
const calls = {
  settings: (c: Caller) => c.alerts.settings(),
  updateSettings: (c: Caller) => c.alerts.updateSettings(SETTINGS),
  telegramLinkCode: (c: Caller) => c.alerts.telegramLinkCode({}),
  unlinkTelegram: (c: Caller) => c.alerts.unlinkTelegram({}),
  pushKey: (c: Caller) => c.alerts.pushKey(),
  subscribePush: (c: Caller) => c.alerts.subscribePush(PUSH),
  unsubscribePush: (c: Caller) => c.alerts.unsubscribePush({ endpoint: PUSH.endpoint }),
} satisfies Record<string, (c: Caller) => Promise<unknown>>;

async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    return { code: error.code, domainCode: (error.cause as { code?: string } | undefined)?.code };
  }
  throw new Error('the call was not refused');
}

const snapshot = async () => ({
  settings: await database.db.select().from(alertSettings),
  links: await database.db.select().from(telegramLinks),
  codes: (await database.db.select().from(telegramLinkCodes)).map((row) => row.codeHash),
  push: await database.db.select().from(pushSubscriptions),
});

describe('alerts procedures: who may call them', () => {
  it('the list above is every alerts procedure', () => {
    expect(Object.keys(calls).map((name) => `alerts.${name}`).sort()).toEqual(Object.keys(appRouter._def.procedures).filter((name) => name.startsWith('alerts.')).sort());
  });

  it('every procedure refuses a call without a session (UNAUTHENTICATED), changing nothing', async () => {
    const before = await snapshot();
    for (const [name, call] of Object.entries(calls)) {
      expect([name, await refusal(call(callerAs(database.db, null)))]).toEqual([name, { code: 'UNAUTHORIZED', domainCode: 'UNAUTHENTICATED' }]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a trader, a merchant staff member and an operator each link and set only their own alerts', async () => {
    const trader = await signedInTrader(database.db);
    const operator = await signedInOperator(database.db);
    const { owner } = await merchantWithOwner(database.db);
    const staff = callerAs(database.db, merchantSession(owner));

    for (const [caller, chatId] of [[trader.caller, '7001'], [operator.caller, '7002'], [staff, '7003']] as const) {
      const { code, startLink } = await caller.alerts.telegramLinkCode({});
      expect(startLink).toBeNull();
      expect(await linkTelegramChat(database.db, { code, chatId, now: new Date() })).not.toBeNull();
    }
    expect((await trader.caller.alerts.settings()).telegramLinkedAt).not.toBeNull();

    await trader.caller.alerts.updateSettings(SETTINGS);
    expect(await trader.caller.alerts.settings()).toMatchObject({ language: 'zh', mutedKinds: ['payout_task'], quietHours: { fromMinute: 1320, toMinute: 420 } });
    expect(await operator.caller.alerts.settings()).toMatchObject({ language: 'en', mutedKinds: [], quietHours: null });

    expect(await operator.caller.alerts.unlinkTelegram({})).toEqual({ unlinked: true });
    expect((await operator.caller.alerts.settings()).telegramLinkedAt).toBeNull();
    expect((await trader.caller.alerts.settings()).telegramLinkedAt).not.toBeNull();
    expect((await staff.alerts.settings()).telegramLinkedAt).not.toBeNull();

    // A browser's subscription is its subscriber's: another person cannot remove it.
    expect((await trader.caller.alerts.pushKey()).publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    await trader.caller.alerts.subscribePush(PUSH);
    expect(await operator.caller.alerts.unsubscribePush({ endpoint: PUSH.endpoint })).toEqual({ unsubscribed: false });
    expect(await database.db.select({ userId: pushSubscriptions.userId }).from(pushSubscriptions)).toEqual([{ userId: trader.userId }]);
    expect(await trader.caller.alerts.unsubscribePush({ endpoint: PUSH.endpoint })).toEqual({ unsubscribed: true });
  });

  it('refuses bad settings with VALIDATION_FAILED and changes nothing', async () => {
    const trader = await signedInTrader(database.db);
    await trader.caller.alerts.updateSettings(SETTINGS);
    const before = await snapshot();
    for (const bad of [
      { ...SETTINGS, timeZone: 'Mars/Olympus_Mons' },
      { ...SETTINGS, timeZone: 'Asia/Shang\u0000hai' },
      { ...SETTINGS, quietHours: { fromMinute: 1440, toMinute: 0 } },
      { ...SETTINGS, mutedKinds: ['everything'] },
      { ...SETTINGS, language: 'fr' },
    ]) {
      // The page reads VALIDATION_FAILED either way: the domain's code, or the formatter's for a schema's refusal (BAD_REQUEST here).
      expect(await refusalCode(trader.caller.alerts.updateSettings(bad as never))).toMatch(/^(VALIDATION_FAILED|BAD_REQUEST)$/);
    }
    expect(await snapshot()).toEqual(before);
  });
});
