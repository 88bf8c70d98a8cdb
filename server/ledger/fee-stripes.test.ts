import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { insertPayout } from '../../tests/fixtures/orders';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { acceptPayout } from '../payouts/accept-payout';
import { tinyPng } from '../../tests/fixtures/images';
import { decidePayout } from '../payouts/decide-payout';
import { submitPayoutProof } from '../payouts/submit-payout-proof';
import { Dec } from '../money/decimal';
import { setTraderOnline } from '../traders/set-online';
import { PLATFORM_FEE_STRIPES, accountIds, checkLedgerInvariants, move, platformFeeBalance } from './index';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The raw balance of one account row (balanceOf reads `platform:fees` as the whole fee balance). */
async function rowBalance(id: string): Promise<string> {
  const [row] = rowsOf<{ balance: string }>(await database.db.execute(sql`select balance::text as balance from ledger_accounts where id = ${id}`));
  if (!row) throw new Error(`no account ${id}`);
  return row.balance;
}

describe('platform fees are spread over stripe accounts, and read as one balance', () => {
  it('the migration opened every stripe as a platform fee account that may not go negative', async () => {
    const rows = rowsOf<{ id: string; owner_type: string; kind: string; allow_negative: boolean }>(
      await database.db.execute(sql`select id, owner_type, kind, allow_negative from ledger_accounts where id like 'platform:fees:%' order by id`),
    );
    expect(rows.map((row) => row.id).sort()).toEqual(Array.from({ length: PLATFORM_FEE_STRIPES }, (_, index) => accountIds.platformFeeStripe(index)).sort());
    expect(rows.every((row) => row.owner_type === 'platform' && row.kind === 'fees' && row.allow_negative === false)).toBe(true);
  });

  it('an order always maps to the same stripe, and orders spread over all of them', () => {
    const orderId = randomUUID();
    expect(accountIds.platformFeesFor(orderId)).toBe(accountIds.platformFeesFor(orderId));
    const used = new Set(Array.from({ length: 1000 }, () => accountIds.platformFeesFor(randomUUID())));
    expect(used.size).toBe(PLATFORM_FEE_STRIPES);
  });

  it('a confirmed payout credits its fee to its stripe, not to platform:fees; the fee balance counts the old account and the stripes', async () => {
    // Fees posted before the stripes existed stay on platform:fees.
    await database.db.transaction((tx) =>
      move(tx, { id: `history:${randomUUID()}`, kind: 'test.history', from: accountIds.external, to: [{ accountId: accountIds.platformFees, amount: '3.000000' }] }),
    );
    const oldBefore = await rowBalance(accountIds.platformFees);
    const totalBefore = await platformFeeBalance(database.db);

    const merchant = await merchantWithBalance(database.db, '100');
    const trader = await traderWithBalance(database.db, '0');
    const order = await insertPayout(database.db, merchant.merchantId, { usdAmount: '10.00', usdFeeAmount: '0.25' });
    await setTraderOnline(database.db, { traderId: trader.traderId, online: true });
    await acceptPayout(database.db, { traderId: trader.traderId, orderId: order.id });
    await submitPayoutProof(database.db, { traderId: trader.traderId, orderId: order.id, files: [await tinyPng()] });
    const stripe = accountIds.platformFeesFor(order.id);
    const stripeBefore = await rowBalance(stripe);
    await decidePayout(database.db, { merchantId: merchant.merchantId, reference: order.orderNo, decision: { decision: 'CONFIRM' } });

    expect(await rowBalance(accountIds.platformFees)).toBe(oldBefore);
    expect(await rowBalance(stripe)).toBe(new Dec(stripeBefore).plus('0.25').toFixed(6));
    expect(await platformFeeBalance(database.db)).toBe(new Dec(totalBefore).plus('0.25').toFixed(6));
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
  });
});
