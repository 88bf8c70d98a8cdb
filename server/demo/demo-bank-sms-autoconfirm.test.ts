import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payinOrders, traderBankAccounts } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { cliActor } from '../audit';
import { checkLedgerInvariants } from '../ledger';
import { receiveNotification } from '../notifications/receive-notification';
import { recordHeartbeat } from '../notifications/record-heartbeat';
import { updateAutoConfirm } from '../notifications/update-auto-confirm';
import { submitBuyerPayment } from '../checkout/checkout';
import { createDemoPayin } from './create-demo-payin';
import { seedDemo } from './seed-demo';

/**
 * The demo trader's account is at China Merchants Bank: the SMS its bank sends for the buyer's
 * transfer is read and releases the demo pay-in with no click, as docs/trader-guide.md promises.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
});
afterAll(async () => {
  await database.close();
});

/** China time as CMB writes it: "11月23日14:05". */
function cmbClock(at: Date) {
  const local = new Date(at.getTime() + 8 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(local.getUTCMonth() + 1)}月${pad(local.getUTCDate())}日${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

describe('the demo trader’s bank SMS', () => {
  it('a China Merchants Bank credit SMS releases the demo pay-in it pays', async () => {
    const { db } = database;
    const [account] = await db.select().from(traderBankAccounts).where(eq(traderBankAccounts.bankName, 'China Merchants Bank'));
    if (!account) throw new Error('the demo seeds a China Merchants Bank account');
    await updateAutoConfirm(db, { traderId: account.traderId, input: { bankAccountId: account.id, autoConfirm: true, threshold: 90, silenceSeconds: 900 }, actor: cliActor });
    // The trader's forwarder checks in: an auto-confirm account with a silent one is not matched.
    await recordHeartbeat(db, { traderId: account.traderId, input: { bankAccountId: account.id } });

    const now = new Date();
    const { order, payUrl } = await createDemoPayin(db, now);
    expect(order.status).toBe('PENDING_PAYMENT');
    expect(order.traderBankAccountId).toBe(account.id);
    await submitBuyerPayment(db, { token: payUrl.split('/pay/')[1] ?? '', now });

    const amount = order.paymentFiatAmount ?? order.fiatAmount;
    const [whole, cents] = amount.split('.');
    const withSeparators = `${Number(whole).toLocaleString('en-US')}.${cents}`;
    const text = `您账户${account.accountLast4}于${cmbClock(now)}他行实时转入人民币${withSeparators}元，付方王小明，备注：${order.buyerReference}。[招商银行]`;
    const received = await receiveNotification(db, {
      traderId: account.traderId,
      input: { bankAccountId: account.id, sender: '95555', text, receivedAt: now.toISOString() },
      now,
    });

    expect(received).toMatchObject({ parserId: 'cmb', direction: 'credit', amount, matchStatus: 'released', orderId: order.id });
    const [after] = await db.select().from(payinOrders).where(eq(payinOrders.id, order.id));
    expect(after?.status).toBe('COMPLETED');
    expect((await checkLedgerInvariants(db)).ok).toBe(true);
  });
});
