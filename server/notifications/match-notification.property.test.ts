import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankNotifications, payinOrders } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { cliActor } from '../audit';
import { checkLedgerInvariants } from '../ledger';
import { dec } from '../money/decimal';
import { escrowPayin } from '../payins/payin-ledger';
import { payinMachine } from '../payins/payin-machine';
import { recordCreation } from '../orders/record-creation';
import { addBankAccount } from '../traders/add-bank-account';
import { receiveNotification } from './receive-notification';
import { updateAutoConfirm } from './update-auto-confirm';

/**
 * Random streams of pay-ins and bank notifications (correct credits, duplicates, reordering, equal
 * amounts, debits, wrong amounts, the other account) through the real receive path on a real
 * database, some of them at once. Whatever the stream: no notification releases two orders, no
 * order is released twice or without an exact credit on its own account, and every paid order
 * with a correct notification of its own is released.
 */

let database: TestDatabase;
let merchantId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  merchantId = (await merchantWithBalance(database.db, '0')).merchantId;
});
afterAll(async () => {
  await database.close();
});

interface OrderSpec {
  account: 0 | 1;
  base: '100.00' | '200.00' | '300.00';
  /** A cent offset (unique per account among open orders) or the bare amount (may be shared). */
  offset: boolean;
  paid: boolean;
}

type NoiseKind = 'correct' | 'duplicate' | 'debit' | 'wrong-amount' | 'other-account' | 'no-reference';

const orderSpec = fc.record<OrderSpec>({
  account: fc.constantFrom(0, 1),
  base: fc.constantFrom('100.00', '200.00', '300.00'),
  offset: fc.boolean(),
  paid: fc.boolean(),
});

/** CCB's clock in its SMS: China time, "11月23日14时05分". */
function chinaClock(at: Date) {
  const local = new Date(at.getTime() + 8 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getUTCMonth() + 1}月${local.getUTCDate()}日${local.getUTCHours()}时${pad(local.getUTCMinutes())}分`;
}

const ccbText = (last4: string, direction: '存入' | '支出', amount: string, memo: string | null, salt: string, at: Date) =>
  `您尾号${last4}的储蓄卡${chinaClock(at)}向您转账${direction}人民币${amount}元,活期余额${salt}元。${memo ? `对方户名：王五，附言：${memo}。` : ''}[建设银行]`;

describe('matching bank notifications (property)', () => {
  it('never releases twice, never without an exact credit on the right account, and releases every paid order with its own correct credit', async () => {
    // A property that never saw a release would prove nothing about releases.
    let releases = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(orderSpec, { minLength: 1, maxLength: 6 }),
        fc.array(fc.constantFrom<NoiseKind>('correct', 'duplicate', 'debit', 'wrong-amount', 'other-account', 'no-reference'), { minLength: 1, maxLength: 10 }),
        fc.array(fc.nat(), { minLength: 20, maxLength: 20 }),
        fc.boolean(),
        async (specs, kinds, picks, concurrent) => {
          const db = database.db;
          const now = new Date();
          const trader = await traderWithBalance(db, '100000.00');
          const accounts: { id: string; last4: string }[] = [];
          for (const number of ['62170000000000001111', '62170000000000002222']) {
            const account = await addBankAccount(db, { traderId: trader.traderId, holderName: 'Wang Fang', bankName: 'CCB', accountNumber: number, actor: cliActor });
            await updateAutoConfirm(db, { traderId: trader.traderId, input: { bankAccountId: account.id, autoConfirm: true, threshold: 90, silenceSeconds: 900 }, actor: cliActor });
            accounts.push({ id: account.id, last4: account.accountLast4 });
          }

          // The orders, with unique cent offsets per account where asked, and distinct references.
          const taken = new Set<string>();
          const orders: (typeof payinOrders.$inferSelect)[] = [];
          for (const [index, spec] of specs.entries()) {
            let payment: string | null = null;
            if (spec.offset) {
              for (let cents = 1; cents < 100 && payment === null; cents += 1) {
                const candidate = dec(spec.base).plus(dec(String(cents)).div(100)).toFixed(2);
                if (!taken.has(`${spec.account}:${candidate}`)) payment = candidate;
              }
              taken.add(`${spec.account}:${payment}`);
            }
            const reference = `R${String(index).padStart(2, '0')}${randomBytes(2).toString('hex').toUpperCase()}`.replace(/[01OIL]/g, 'Z');
            orders.push(await insertOrder(trader.traderId, accounts[spec.account]!.id, spec, payment, reference, now));
          }

          // The notifications: each kind about an order picked by `picks`.
          const texts: { account: string; text: string; kind: NoiseKind; orderId: string }[] = [];
          kinds.forEach((kind, i) => {
            const order = orders[picks[i]! % orders.length]!;
            const own = accounts.find((a) => a.id === order.traderBankAccountId)!;
            const other = accounts.find((a) => a.id !== order.traderBankAccountId)!;
            const amount = order.paymentFiatAmount ?? order.fiatAmount;
            const salt = `${i}${picks[(i + 1) % picks.length]}`;
            if (kind === 'correct' || kind === 'duplicate') {
              // A duplicate is the same text as a correct one, forwarded twice.
              const text = ccbText(own.last4, '存入', amount, order.buyerReference, `9${order.id.slice(0, 4)}`, now);
              texts.push({ account: own.id, text, kind, orderId: order.id });
              if (kind === 'duplicate') texts.push({ account: own.id, text, kind, orderId: order.id });
            } else if (kind === 'debit') {
              texts.push({ account: own.id, text: ccbText(own.last4, '支出', amount, order.buyerReference, salt, now), kind, orderId: order.id });
            } else if (kind === 'wrong-amount') {
              texts.push({ account: own.id, text: ccbText(own.last4, '存入', dec(amount).plus('0.5').toFixed(2), order.buyerReference, salt, now), kind, orderId: order.id });
            } else if (kind === 'other-account') {
              texts.push({ account: other.id, text: ccbText(other.last4, '存入', amount, order.buyerReference, salt, now), kind, orderId: order.id });
            } else {
              texts.push({ account: own.id, text: ccbText(own.last4, '存入', amount, null, salt, now), kind, orderId: order.id });
            }
          });

          const send = (entry: (typeof texts)[number]) =>
            receiveNotification(db, { traderId: trader.traderId, input: { bankAccountId: entry.account, sender: '95533', text: entry.text, receivedAt: now.toISOString() }, now });
          if (concurrent) await Promise.all(texts.map(send));
          else for (const entry of texts) await send(entry);

          const finalOrders = await db.select().from(payinOrders).where(inArray(payinOrders.id, orders.map((o) => o.id)));
          const released = await db
            .select()
            .from(bankNotifications)
            .where(and(eq(bankNotifications.traderId, trader.traderId), eq(bankNotifications.matchStatus, 'released')));

          // No notification releases two orders, no order is released twice: one completed order per release.
          const releasedOrders = released.map((n) => n.payinOrderId);
          releases += released.length;
          expect(new Set(releasedOrders).size).toBe(releasedOrders.length);
          const completed = finalOrders.filter((o) => o.status === 'COMPLETED');
          expect(completed.map((o) => o.id).sort()).toEqual([...releasedOrders].sort());

          // No release without an exact credit on the order's own account.
          for (const notification of released) {
            const order = finalOrders.find((o) => o.id === notification.payinOrderId)!;
            expect(notification.direction).toBe('credit');
            expect(notification.bankAccountId).toBe(order.traderBankAccountId);
            expect(notification.amount).toBe(order.paymentFiatAmount ?? order.fiatAmount);
          }

          // Only paid orders move; every paid order with a correct credit of its own is released.
          for (const order of finalOrders) {
            const spec = specs[orders.findIndex((o) => o.id === order.id)]!;
            const hasCorrect = texts.some((t) => t.orderId === order.id && (t.kind === 'correct' || t.kind === 'duplicate'));
            if (!spec.paid) expect(order.status).toBe('PENDING_PAYMENT');
            else if (hasCorrect) expect([order.id, order.status]).toEqual([order.id, 'COMPLETED']);
            else expect(['PAYMENT_SUBMITTED', 'COMPLETED']).toContain(order.status);
          }
          expect((await checkLedgerInvariants(db)).ok).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
    expect(releases).toBeGreaterThan(5);
  }, 240_000);
});

async function insertOrder(traderId: string, bankAccountId: string, spec: OrderSpec, payment: string | null, reference: string, now: Date) {
  return database.db.transaction(async (tx) => {
    const id = randomUUID();
    const [order] = await tx
      .insert(payinOrders)
      .values({
        id,
        orderNo: `ORDT${randomBytes(8).toString('hex')}`,
        merchantId,
        merchantOrderNo: `m-${id}`,
        status: 'PENDING_PAYMENT',
        assetAmount: dec(spec.base).div('7.25').toDecimalPlaces(6, 1).toFixed(6),
        fiatAmount: spec.base,
        paymentFiatAmount: payment,
        buyerReference: reference,
        fxRate: '7.2500',
        usdAmount: '10.00',
        usdFeeAmount: '0.00',
        feeBps: 0,
        quotedAt: now,
        traderId,
        traderBankAccountId: bankAccountId,
        payTokenHash: randomBytes(32).toString('hex'),
        expiresAt: new Date(now.getTime() + 900_000),
        matchedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!order) throw new Error('insert failed');
    await escrowPayin(tx, order);
    await recordCreation(tx, { machine: payinMachine, order, actor: { type: 'merchant', id: merchantId } });
    if (!spec.paid) return order;
    const [paid] = await tx.update(payinOrders).set({ status: 'PAYMENT_SUBMITTED', paymentSubmittedAt: now }).where(eq(payinOrders.id, id)).returning();
    return paid!;
  });
}
