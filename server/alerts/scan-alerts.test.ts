import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertDeliveries, disputeDeadlines, ledgerChecks, payoutOrders } from '../../db/schema';
import { apiDatabase, payoutTrader } from '../../tests/api/api-harness';
import type { TestDatabase } from '../../tests/db/test-database';
import { insertPayout } from '../../tests/fixtures/orders';
import { merchantWithBalance } from '../../tests/fixtures/parties';
import { cliActor } from '../audit';
import { setTraderOnline } from '../traders/set-online';
import { createOperator } from '../users/create-operator';
import { scanAlerts } from './scan-alerts';
import { createTelegramLinkCode, linkTelegramChat } from './telegram/link-codes';

let database: TestDatabase;

beforeAll(async () => {
  database = await apiDatabase();
});
afterAll(async () => {
  await database.close();
});

async function linked(userId: string) {
  const { code } = await createTelegramLinkCode(database.db, userId, new Date());
  await linkTelegramChat(database.db, { code, chatId: String(Math.floor(Math.random() * 1e9)), now: new Date() });
}

const alertsOf = async (userId: string) =>
  (await database.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, userId))).map((row) => [row.kind, row.params]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));

describe('state scans', () => {
  it('warn of deadlines within the hour, report missed ones and failed checks to operators, offer pool tasks to fitting traders; once each', async () => {
    const now = new Date();
    const merchant = await merchantWithBalance(database.db, '1000.00');
    const trader = await payoutTrader(database.db);
    const operator = await createOperator(database.db, { email: `op-${randomUUID().slice(0, 8)}@test.local`, password: 'correct horse battery', displayName: 'Op' }, cliActor);
    await linked(trader.userId);
    await linked(operator.userId);

    // A payout waiting in the pool, within the online trader's BUY limits (1.00 to 1,000,000.00 CNY).
    const task = await insertPayout(database.db, merchant.merchantId);
    // Above those limits: offered to no one.
    const tooLarge = await insertPayout(database.db, merchant.merchantId);
    await database.db.update(payoutOrders).set({ lockedFiatAmount: '2000000.00' }).where(eq(payoutOrders.id, tooLarge.id));
    // A disputed payout's deadlines: the trader's answer in 30 minutes, the operators' ruling missed.
    const disputed = await insertPayout(database.db, merchant.merchantId);
    const soon = new Date(now.getTime() + 30 * 60_000);
    const past = new Date(now.getTime() - 60 * 60_000);
    await database.db.insert(disputeDeadlines).values([
      { flow: 'payout', orderId: disputed.id, party: 'trader', partyId: trader.traderId, kind: 'answer', startsAt: past, dueAt: soon },
      { flow: 'payout', orderId: disputed.id, party: 'operator', partyId: null, kind: 'ruling', startsAt: past, dueAt: new Date(now.getTime() - 60_000), missedAt: now },
      // Due in two hours: not yet worth a warning.
      { flow: 'payout', orderId: disputed.id, party: 'merchant', partyId: merchant.merchantId, kind: 'answer', startsAt: past, dueAt: new Date(now.getTime() + 2 * 3_600_000) },
    ]);
    await database.db.insert(ledgerChecks).values({ kind: 'incremental', ok: false, durationMs: 5, checkedThroughPostingId: 0, transfersChecked: 0, accountsChecked: 0, problems: { unbalanced: 1 } });

    await scanAlerts(database.db, now);
    await scanAlerts(database.db, now);

    const traderAlerts = await alertsOf(trader.userId);
    expect(traderAlerts.filter(([kind]) => kind === 'deadline_soon')).toEqual([['deadline_soon', { orderNo: disputed.orderNo, flow: 'payout', party: 'trader', dueAt: soon.toISOString() }]]);
    expect(traderAlerts.filter(([kind, p]) => kind === 'payout_task' && (p as { orderNo: string }).orderNo === task.orderNo)).toEqual([
      ['payout_task', { orderNo: task.orderNo, amount: '71.50', currency: 'CNY', flow: 'payout' }],
    ]);
    expect(traderAlerts.filter(([, p]) => (p as { orderNo?: string }).orderNo === tooLarge.orderNo)).toEqual([]);
    const operatorAlerts = await alertsOf(operator.userId);
    expect(operatorAlerts.filter(([kind, p]) => kind === 'case_overdue' && (p as { orderNo: string }).orderNo === disputed.orderNo)).toHaveLength(1);
    expect(operatorAlerts.filter(([kind]) => kind === 'ledger_alarm').length).toBeGreaterThanOrEqual(1);

    // Offline, a trader is offered no new task.
    await setTraderOnline(database.db, { traderId: trader.traderId, online: false });
    const later = await insertPayout(database.db, merchant.merchantId);
    await scanAlerts(database.db, new Date());
    expect((await alertsOf(trader.userId)).filter(([, p]) => (p as { orderNo?: string }).orderNo === later.orderNo)).toEqual([]);
  });
});
