import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { auditLog, bankNotifications, payinOrders, reconciliationItems, traderBankAccounts } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { refusalCode } from '../../tests/trpc/refusal-code';
import { signedInOperator } from '../../tests/trpc/trpc-harness';
import { cliActor } from '../audit';
import { submitBuyerPayment } from '../checkout/checkout';
import { createDemoPayin } from '../demo/create-demo-payin';
import { seedDemo } from '../demo/seed-demo';
import { metricsRegistry } from '../metrics/registry';
import { registerReconciliationGauges } from '../metrics/reconciliation-gauges';
import { confirmSuggestion } from '../notifications/confirm-suggestion';
import { receiveNotification } from '../notifications/receive-notification';
import { recordHeartbeat } from '../notifications/record-heartbeat';
import { updateAutoConfirm } from '../notifications/update-auto-confirm';
import { releasePayin } from '../payins/release-payin';
import { reconcileDay } from './reconcile-day';
import { runScheduledReconciliation } from './run-scheduled-reconciliation';

/**
 * A day with known discrepancies (docs/reconciliation.md): a bank credit that matched no order, a
 * pay-in confirmed by hand with no notification, a fee off by a cent written by direct SQL, and a
 * suggestion still waiting. The run finds exactly those, each in its state; the data and the clock
 * then move them; an operator resolves one, audited, with the ledger untouched.
 */

let database: TestDatabase;
const HOUR = 3_600_000;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
});
afterAll(async () => {
  await database.close();
});

/** China time as China Merchants Bank writes it: "11月23日14:05". */
function cmbClock(at: Date) {
  const local = new Date(at.getTime() + 8 * HOUR);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(local.getUTCMonth() + 1)}月${pad(local.getUTCDate())}日${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

function sms(last4: string, at: Date, amount: string, memo: string) {
  const [whole, cents] = amount.split('.');
  return `您账户${last4}于${cmbClock(at)}他行实时转入人民币${Number(whole).toLocaleString('en-US')}.${cents}元，付方王小明，备注：${memo}。[招商银行]`;
}

async function items() {
  const rows = await database.db.select().from(reconciliationItems).orderBy(reconciliationItems.id);
  return rows.map((row) => ({ id: row.id, check: row.check, subjectType: row.subjectType, subjectId: row.subjectId, state: row.state, reason: row.reason, matchedBy: row.matchedBy }));
}

async function ledgerShape() {
  const [row] = rowsOf<{ transfers: string; postings: string; balances: string }>(
    await database.db.execute(sql`select (select count(*) from ledger_transfers)::text as transfers, (select count(*) from ledger_postings)::text as postings,
      (select string_agg(id || '=' || balance::text, ',' order by id) from ledger_accounts) as balances`),
  );
  return row;
}

describe('reconciliation of a day with known discrepancies', () => {
  it('finds exactly the seeded ones, moves them with the data and the clock, and an operator resolves one', async () => {
    const { db } = database;
    const [account] = await db.select().from(traderBankAccounts).where(eq(traderBankAccounts.bankName, 'China Merchants Bank'));
    if (!account) throw new Error('the demo seeds a China Merchants Bank account');
    const trader = account.traderId;
    const autoConfirm = (threshold: number) =>
      updateAutoConfirm(db, { traderId: trader, input: { bankAccountId: account.id, autoConfirm: true, threshold, silenceSeconds: 900 }, actor: cliActor });
    await autoConfirm(90);
    await recordHeartbeat(db, { traderId: trader, input: { bankAccountId: account.id } });
    const real = new Date();
    const today = real.toISOString().slice(0, 10);
    // The run happens after the day has ended and before B's deadline (a day after its release,
    // which is now); every deadline is judged against this clock. Half an hour after the day, or
    // sooner when the test runs just after midnight and B's deadline falls within that half hour.
    const dayStart = new Date(`${today}T00:00:00.000Z`).getTime();
    const afterDay = new Date(dayStart + 24 * HOUR + Math.min(30 * 60_000, Math.floor((real.getTime() - dayStart) / 2)));

    // A: paid, and the bank's SMS released it on its own: matched.
    const a = await createDemoPayin(db, real);
    await submitBuyerPayment(db, { token: a.payUrl.split('/pay/')[1]!, now: real });
    const aAmount = a.order.paymentFiatAmount ?? a.order.fiatAmount;
    const aSms = await receiveNotification(db, { traderId: trader, input: { bankAccountId: account.id, sender: '95555', text: sms(account.accountLast4, real, aAmount, a.order.buyerReference!), receivedAt: real.toISOString() }, now: real });
    expect(aSms).toMatchObject({ matchStatus: 'released', orderId: a.order.id });

    // B: the trader confirmed by hand, no notification ever came; then its fee is made a cent off.
    const b = await createDemoPayin(db, real);
    await submitBuyerPayment(db, { token: b.payUrl.split('/pay/')[1]!, now: real });
    await releasePayin(db, { traderId: trader, orderId: b.order.id }, real);
    await db.execute(sql`update payin_orders set usd_fee_amount = usd_fee_amount + 0.01 where id = ${b.order.id}`);

    // C: an SMS without the reference scores below a strict threshold: a suggestion waits for the trader.
    await autoConfirm(100);
    const c = await createDemoPayin(db, real);
    await submitBuyerPayment(db, { token: c.payUrl.split('/pay/')[1]!, now: real });
    const cAmount = c.order.paymentFiatAmount ?? c.order.fiatAmount;
    const cSms = await receiveNotification(db, { traderId: trader, input: { bankAccountId: account.id, sender: '95555', text: sms(account.accountLast4, real, cAmount, 'rent'), receivedAt: real.toISOString() }, now: real });
    expect(cSms).toMatchObject({ matchStatus: 'suggested' });

    // A credit of an amount no pay-in asked for: money no order accounts for.
    const stray = await receiveNotification(db, { traderId: trader, input: { bankAccountId: account.id, sender: '95555', text: sms(account.accountLast4, real, '123.45', 'x'), receivedAt: real.toISOString() }, now: real });
    expect(stray).toMatchObject({ matchStatus: 'ignored' });

    const first = await reconcileDay(db, today, { now: afterDay });
    const found = await items();
    expect(found.map(({ id: _id, ...rest }) => rest)).toEqual([
      { check: 'ledger_bank', subjectType: 'payin', subjectId: b.order.id, state: 'EXPECTED', reason: 'no_bank_notification', matchedBy: null },
      { check: 'ledger_bank', subjectType: 'bank_notification', subjectId: cSms.id, state: 'EXPECTED', reason: 'notification_without_order', matchedBy: null },
      { check: 'ledger_bank', subjectType: 'bank_notification', subjectId: stray.id, state: 'MISMATCHED', reason: 'notification_without_order', matchedBy: null },
      { check: 'ledger_self', subjectType: 'payin', subjectId: b.order.id, state: 'MISMATCHED', reason: 'fee_differs', matchedBy: null },
    ]);
    // A's pay-in and its notification, A's fee, the invariants: matched, counted, not queued.
    expect(first.counts).toEqual({
      ledger_bank: { MATCHED: 2, MISMATCHED: 1, EXPECTED: 2 },
      ledger_chain: { MATCHED: 0, MISMATCHED: 0, EXPECTED: 0 },
      ledger_self: { MATCHED: 2, MISMATCHED: 1, EXPECTED: 0 },
    });
    const [fee] = await db.select().from(reconciliationItems).where(eq(reconciliationItems.reason, 'fee_differs'));
    expect(Number(fee!.details.stored) * 100 - Number(fee!.details.expected) * 100).toBeCloseTo(1);
    const [b0] = await db.select().from(reconciliationItems).where(eq(reconciliationItems.reason, 'no_bank_notification'));
    const [bRow] = await db.select().from(payinOrders).where(eq(payinOrders.id, b.order.id));
    expect(b0!.dueAt!.getTime()).toBe(bRow!.completedAt!.getTime() + 24 * HOUR);
    // Details hold ids and amounts, never the SMS's text or the payer's name.
    expect(JSON.stringify(await db.select({ d: reconciliationItems.details }).from(reconciliationItems))).not.toMatch(/王小明|招商/);

    // Idempotent: the same day again changes nothing.
    const again = await reconcileDay(db, today, { now: afterDay });
    expect(again.id).toBe(first.id);
    expect(again.counts).toEqual(first.counts);
    expect(await items()).toEqual(found);

    // The data arrives: the trader takes the suggestion; the waiting notification is MATCHED by the data.
    await confirmSuggestion(db, { traderId: trader, notificationId: cSms.id, now: real });
    await reconcileDay(db, today, { now: afterDay });
    const matched = (await items()).find((item) => item.subjectId === cSms.id);
    expect(matched).toMatchObject({ state: 'MATCHED', matchedBy: 'data', reason: 'notification_without_order' });

    // The clock passes B's deadline: EXPECTED becomes MISMATCHED (the scheduled run looks at days with EXPECTED items again).
    const late = new Date(bRow!.completedAt!.getTime() + 24 * HOUR + 60_000);
    expect(await runScheduledReconciliation(db, { chains: [], now: late })).toContain(today);
    expect((await items()).find((item) => item.reason === 'no_bank_notification')).toMatchObject({ state: 'MISMATCHED' });

    // An operator resolves the stray credit with a reason: audited, the ledger untouched.
    const operator = await signedInOperator(db);
    const queue = await operator.caller.operator.reconciliation.items({ filter: 'open' });
    expect(queue.items.map((item) => item.reason).sort()).toEqual(['fee_differs', 'no_bank_notification', 'notification_without_order']);
    const strayItem = queue.items.find((item) => item.subjectId === stray.id)!;
    const ledgerBefore = await ledgerShape();
    expect(await refusalCode(operator.caller.operator.reconciliation.resolve({ itemId: strayItem.id, reason: '' }))).toBe('BAD_REQUEST');
    const resolved = await operator.caller.operator.reconciliation.resolve({ itemId: strayItem.id, reason: 'Buyer sent twice; refunded by the trader outside Corridor.' });
    expect(resolved).toMatchObject({ state: 'MISMATCHED', resolvedBy: operator.userId, resolutionReason: 'Buyer sent twice; refunded by the trader outside Corridor.' });
    expect(await refusalCode(operator.caller.operator.reconciliation.resolve({ itemId: strayItem.id, reason: 'Again.' }))).toBe('INVALID_ORDER_STATE');
    const matchedId = (await items()).find((item) => item.state === 'MATCHED')!.id;
    expect(await refusalCode(operator.caller.operator.reconciliation.resolve({ itemId: matchedId, reason: 'Nothing to do.' }))).toBe('INVALID_ORDER_STATE');
    expect(await ledgerShape()).toEqual(ledgerBefore);
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'reconciliation.item_resolved'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorType: 'operator', actorId: operator.userId, targetType: 'reconciliation_item', targetId: String(strayItem.id) });
    expect((await operator.caller.operator.reconciliation.items({ filter: 'open' })).items.map((item) => item.reason).sort()).toEqual(['fee_differs', 'no_bank_notification']);

    // A re-run keeps the resolution and the states.
    await reconcileDay(db, today, { now: late });
    const [kept] = await db.select().from(reconciliationItems).where(eq(reconciliationItems.id, strayItem.id));
    expect(kept).toMatchObject({ state: 'MISMATCHED', resolvedBy: operator.userId });
    // /metrics: the newest day's counts and the exceptions no operator resolved (the fee, and B past its deadline).
    registerReconciliationGauges(async () => db);
    const gauge = async (name: string) => (await metricsRegistry().getSingleMetric(name)!.get()).values;
    expect(await gauge('corridor_reconciliation_open_exceptions')).toEqual([expect.objectContaining({ value: 2 })]);
    expect((await gauge('corridor_reconciliation_items')).find((v) => v.labels.check === 'ledger_self' && v.labels.state === 'MISMATCHED')?.value).toBe(1);
    const runs = await operator.caller.operator.reconciliation.runs({});
    expect(runs.items.map((run) => run.businessDate)).toEqual([today]);
    // Still a notification with no order: the stray's row is the one the SMS stored.
    expect((await db.select().from(bankNotifications).where(eq(bankNotifications.id, stray.id)))[0]?.matchStatus).toBe('ignored');
  });

  it('refuses a day that has not ended and a date that is not one', async () => {
    const now = new Date();
    await expect(reconcileDay(database.db, now.toISOString().slice(0, 10), { now })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(reconcileDay(database.db, '2026-02-30', { now })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
