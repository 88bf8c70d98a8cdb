import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutCreated } from '../../clients/node/corridor-client';
import { auditLog, traders } from '../../db/schema';
import { isDomainError } from '../../server/errors';
import { cardRevealsTotal, releasesAfterRevealTotal } from '../../server/payouts/card-reveal-metrics';
import { revealRecipientAccount } from '../../server/payouts/reveal-recipient-account';
import { submitPayoutProof } from '../../server/payouts/submit-payout-proof';
import { apiDatabase, apiMerchant, payoutBody, payoutTrader, type TestMerchant } from '../api/api-harness';
import type { TestDatabase } from '../db/test-database';
import { tinyPng } from '../fixtures/images';
import { refusalCode } from '../trpc/refusal-code';
import { callerAs, signedInOperator, traderSession } from '../trpc/trpc-harness';

/**
 * The attack: a trader takes a payout task, asks for the recipient's full account number, gives
 * the task back and takes the next one, collecting every card number in the pool without paying
 * any of them (or takes many tasks at once and reads them all). Before, each reveal was only
 * audited. The rule that now holds (docs/security.md, "Card numbers"): the number only to the
 * trader holding the task while the transfer is due; at most 10 different payouts' numbers per
 * trader in any hour (then CARD_REVEAL_THROTTLED); a task given back after its number was seen
 * counts against the trader, and the 4th in 24 hours suspends them pending an operator's review.
 */
let database: TestDatabase;
let merchant: TestMerchant;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db, '100000.00');
});
afterAll(async () => {
  await database.close();
});

/** A payout to a recipient of its own, so that every number harvested is a different one. */
async function payoutToNewRecipient() {
  const account = `62220${String(Math.floor(Math.random() * 1e14)).padStart(14, '0')}`;
  const created = (await merchant.client.createPayout(payoutBody({ recipient: { holderName: 'Li Lei', bankAccount: account, bankName: 'Bank of China' } }) as never, `harvest-${randomUUID()}`))
    .body as PayoutCreated;
  return { orderId: created.orderId, account };
}

async function harvester() {
  const trader = await payoutTrader(database.db, '7.0000');
  return { trader, caller: callerAs(database.db, traderSession(trader)) };
}

/** A counter's value for one label value (prom-client's own reading, as a scrape would show it). */
async function metric(counter: { get: () => Promise<{ values: { labels: Record<string, unknown>; value: number }[] }> }, label: string, value: string) {
  const found = (await counter.get()).values.find((sample) => sample.labels[label] === value);
  return found?.value ?? 0;
}

const auditRows = (traderId: string, action: string) =>
  database.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.actorId, traderId)));

describe('a trader harvests card numbers by taking tasks, revealing their numbers and giving them back', () => {
  it('accept, reveal, give back, repeat: the 4th give-back in a day suspends the trader, who got 4 numbers and can take no more', async () => {
    const { trader, caller } = await harvester();
    const suspendedBefore = await metric(releasesAfterRevealTotal, 'outcome', 'suspended');
    const harvested = new Set<string>();
    const charges: unknown[] = [];
    for (let round = 0; round < 8; round++) {
      const { orderId, account } = await payoutToNewRecipient();
      if ((await refusalCode(caller.trader.accept({ orderId }))) !== 'RESOLVED') break;
      const shown = await caller.trader.revealAccount({ orderId });
      expect(shown.accountNumber).toBe(account);
      harvested.add(shown.accountNumber);
      const released = await caller.trader.releaseTask({ orderId });
      expect(released.status).toBe('PENDING_MATCH');
      charges.push(released.afterReveal);
    }

    expect(harvested.size).toBe(4);
    // The dashboard was told each time what the give-back cost, and the last one suspended them.
    expect(charges).toEqual([
      { count: 1, limit: 3, suspended: false },
      { count: 2, limit: 3, suspended: false },
      { count: 3, limit: 3, suspended: false },
      { count: 4, limit: 3, suspended: true },
    ]);

    const [row] = await database.db.select().from(traders).where(eq(traders.id, trader.traderId));
    expect([row?.status, row?.online]).toEqual(['suspended', false]);
    const suspensions = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'trader.suspend'), eq(auditLog.targetId, trader.traderId)));
    expect(suspensions).toHaveLength(1);
    expect(suspensions[0]).toMatchObject({ actorType: 'system', actorId: null, targetType: 'trader' });
    expect(suspensions[0]?.details).toMatchObject({ reason: 'released_after_reveal', releasesAfterReveal: 4, limit: 3 });
    expect(await metric(releasesAfterRevealTotal, 'outcome', 'suspended')).toBe(suspendedBefore + 1);

    // Their session ended with the suspension, and a session of the current version is refused too.
    const next = await payoutToNewRecipient();
    expect(await refusalCode(caller.trader.accept({ orderId: next.orderId }))).toBe('UNAUTHENTICATED');
    expect(await refusalCode(callerAs(database.db, traderSession(trader, 2)).trader.accept({ orderId: next.orderId }))).toBe('UNAUTHENTICATED');
    expect(await auditRows(trader.traderId, 'card.view')).toHaveLength(4);
  });

  it('a number seen on a task held before the suspension is not shown to the suspended trader', async () => {
    const { trader, caller } = await harvester();
    const kept = await payoutToNewRecipient();
    await caller.trader.accept({ orderId: kept.orderId });
    for (let round = 0; round < 4; round++) {
      const { orderId } = await payoutToNewRecipient();
      await caller.trader.accept({ orderId });
      await caller.trader.revealAccount({ orderId });
      await caller.trader.releaseTask({ orderId });
    }
    const refused = await revealRecipientAccount(database.db, { traderId: trader.traderId, orderId: kept.orderId }).catch((e: unknown) => e);
    expect(isDomainError(refused, 'ACTION_NOT_ALLOWED')).toBe(true);
    expect((await auditRows(trader.traderId, 'card.view')).map((view) => view.targetId)).not.toContain(kept.orderId);
  });

  it('takes many tasks at once and reads them all: 10 numbers an hour, then CARD_REVEAL_THROTTLED with when to retry; a number already seen can be shown again', async () => {
    const { trader, caller } = await harvester();
    const throttledBefore = await metric(cardRevealsTotal, 'result', 'throttled');
    const held = [];
    for (let n = 0; n < 12; n++) {
      const task = await payoutToNewRecipient();
      await caller.trader.accept({ orderId: task.orderId });
      held.push(task);
    }
    const harvested = new Set<string>();
    const refusals: string[] = [];
    for (const task of held) {
      try {
        harvested.add((await caller.trader.revealAccount({ orderId: task.orderId })).accountNumber);
      } catch (error) {
        const refused = error as { cause?: { code?: string; meta?: Record<string, string> } };
        refusals.push(refused.cause?.code ?? 'UNKNOWN');
        const retryAfter = Number(refused.cause?.meta?.retryAfterSeconds);
        expect(retryAfter).toBeGreaterThan(3000);
        expect(retryAfter).toBeLessThanOrEqual(3600);
      }
    }
    expect(harvested.size).toBe(10);
    expect(refusals).toEqual(['CARD_REVEAL_THROTTLED', 'CARD_REVEAL_THROTTLED']);
    expect(await metric(cardRevealsTotal, 'result', 'throttled')).toBe(throttledBefore + 2);

    // The trader still sees the number of a task they are paying: seeing it again reveals nothing new.
    expect((await caller.trader.revealAccount({ orderId: held[0]!.orderId })).accountNumber).toBe(held[0]!.account);
    expect(await auditRows(trader.traderId, 'card.view')).toHaveLength(11);
    const refused = await auditRows(trader.traderId, 'card.view_refused');
    expect(refused.map((row) => row.targetId).sort()).toEqual([held[10]!.orderId, held[11]!.orderId].sort());
    expect(JSON.stringify(refused)).not.toContain(held[10]!.account);
  });

  it('reveals sent at once cannot pass the limit together: with 9 numbers seen, of 3 sent at once exactly 1 is shown', async () => {
    const { trader, caller } = await harvester();
    const held = [];
    for (let n = 0; n < 12; n++) {
      const task = await payoutToNewRecipient();
      await caller.trader.accept({ orderId: task.orderId });
      held.push(task);
    }
    for (const task of held.slice(0, 9)) await caller.trader.revealAccount({ orderId: task.orderId });
    const answers = await Promise.all(held.slice(9).map((task) => refusalCode(caller.trader.revealAccount({ orderId: task.orderId }))));
    expect(answers.sort()).toEqual(['CARD_REVEAL_THROTTLED', 'CARD_REVEAL_THROTTLED', 'RESOLVED']);
    expect(new Set((await auditRows(trader.traderId, 'card.view')).map((view) => view.targetId)).size).toBe(10);
  });

  it('giving tasks back without seeing their numbers costs nothing; an operator lifting a suspension starts the count afresh', async () => {
    const { trader, caller } = await harvester();
    for (let round = 0; round < 5; round++) {
      const { orderId } = await payoutToNewRecipient();
      await caller.trader.accept({ orderId });
      expect((await caller.trader.releaseTask({ orderId })).afterReveal).toBeNull();
    }
    for (let round = 0; round < 4; round++) {
      const { orderId } = await payoutToNewRecipient();
      await caller.trader.accept({ orderId });
      await caller.trader.revealAccount({ orderId });
      await caller.trader.releaseTask({ orderId });
    }
    const operator = await signedInOperator(database.db);
    await operator.caller.operator.traders.setStatus({ traderId: trader.traderId, status: 'active' });
    const reviewed = callerAs(database.db, traderSession(trader, 3));
    await reviewed.trader.setOnline({ online: true });
    const { orderId } = await payoutToNewRecipient();
    await reviewed.trader.accept({ orderId });
    await reviewed.trader.revealAccount({ orderId });
    expect((await reviewed.trader.releaseTask({ orderId })).afterReveal).toEqual({ count: 1, limit: 3, suspended: false });
  });
});

describe('the full number outside the transfer it is for', () => {
  it('before accepting the task: ORDER_NOT_FOUND, nothing shown, no view recorded', async () => {
    const { trader, caller } = await harvester();
    const open = await payoutToNewRecipient();
    expect(await refusalCode(caller.trader.revealAccount({ orderId: open.orderId }))).toBe('ORDER_NOT_FOUND');
    const pool = await caller.trader.pool({});
    expect(JSON.stringify(pool)).not.toContain(open.account);
    expect(await auditRows(trader.traderId, 'card.view')).toHaveLength(0);
  });

  it('after the proof: INVALID_ORDER_STATE, and the list shows the last 4 digits only', async () => {
    const { trader, caller } = await harvester();
    const task = await payoutToNewRecipient();
    await caller.trader.accept({ orderId: task.orderId });
    expect((await caller.trader.revealAccount({ orderId: task.orderId })).accountNumber).toBe(task.account);
    await submitPayoutProof(database.db, { traderId: trader.traderId, orderId: task.orderId, files: [await tinyPng()] });
    expect(await refusalCode(caller.trader.revealAccount({ orderId: task.orderId }))).toBe('INVALID_ORDER_STATE');
    const list = await caller.trader.payouts({ group: 'open' });
    const item = list.items.find((payout) => payout.orderId === task.orderId);
    expect(item).toMatchObject({ status: 'PAYMENT_SUBMITTED', transferDue: false, accountLast4: task.account.slice(-4) });
    expect(JSON.stringify(list)).not.toContain(task.account);
  });
});
