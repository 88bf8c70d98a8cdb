import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { chainHotWallets, chainSends, walletWithdrawals, withdrawalAddresses } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { traderWithBalance } from '../../tests/fixtures/parties';
import { hotWalletSummary } from './hot-wallet-summary';
import { listStuckWithdrawals } from './list-stuck-withdrawals';

const NOW = new Date('2026-11-27T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
const EVM_ADDRESS = '0xABaBaBaBABabABabAbAbABAbABabababaBaBABaB';

let database: TestDatabase;
let db: Db;
let owner: { type: 'trader'; id: string };
let addressId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const trader = await traderWithBalance(db, '0');
  owner = { type: 'trader', id: trader.traderId };
  const [address] = await db
    .insert(withdrawalAddresses)
    .values({ ownerType: 'trader', ownerId: trader.traderId, chainKey: 'local-eth', address: EVM_ADDRESS, label: 'cold', usableAt: minutesAgo(3000) })
    .returning();
  addressId = address!.id;
});
afterAll(() => database.close());

/** A withdrawal row in a given step: these reads only read, so the rows are written as the machine would leave them. */
async function withdrawal(values: Partial<typeof walletWithdrawals.$inferInsert>) {
  const [row] = await db
    .insert(walletWithdrawals)
    .values({ ownerType: owner.type, ownerId: owner.id, chainKey: 'local-eth', addressId, toAddress: EVM_ADDRESS, amount: '10', fee: '1', state: 'REQUESTED', requestedAt: minutesAgo(120), ...values })
    .returning();
  return row!.id;
}

describe('listStuckWithdrawals', () => {
  it('lists approved, signed and broadcast withdrawals that stayed in their step over 15 minutes, longest first', async () => {
    const approvedLong = await withdrawal({ state: 'APPROVED', decidedAt: minutesAgo(40) });
    await withdrawal({ state: 'APPROVED', decidedAt: minutesAgo(5) });
    // Requested two hours ago, but signed a minute ago: the step counts, not the age.
    await withdrawal({ state: 'SIGNED', decidedAt: minutesAgo(60), signedAt: minutesAgo(1), txHash: '0x01' });
    const broadcastLong = await withdrawal({ state: 'BROADCAST', decidedAt: minutesAgo(90), signedAt: minutesAgo(89), broadcastAt: minutesAgo(80), txHash: '0x02' });
    await withdrawal({ state: 'REQUESTED', needsReview: 'new_address' });
    await withdrawal({ state: 'CONFIRMED', decidedAt: minutesAgo(100), confirmedAt: minutesAgo(99) });

    const { stuckAfterMinutes, items: stuck } = await listStuckWithdrawals(db, NOW);
    expect(stuckAfterMinutes).toBe(15);
    expect(stuck.map((item) => item.id)).toEqual([broadcastLong, approvedLong]);
    expect(stuck[0]).toMatchObject({ state: 'BROADCAST', ownerType: 'trader', ownerId: owner.id, inStepSince: minutesAgo(80).toISOString(), txHash: '0x02' });
  });
});

describe('hotWalletSummary', () => {
  it('gives each configured chain its last-read balance and the last 24 hours of signed sends, failed ones excluded', async () => {
    await db.insert(chainHotWallets).values({ chain: 'local-eth', address: EVM_ADDRESS, nextNonce: 3n, tokenBalance: '1500.250000', balanceReadAt: minutesAgo(2) });
    const send = (amount: string, signedAt: Date, state: 'BROADCAST' | 'CONFIRMED' | 'FAILED') =>
      db.insert(chainSends).values({
        chain: 'local-eth',
        purpose: 'withdrawal',
        referenceId: crypto.randomUUID(),
        toAddress: EVM_ADDRESS,
        amount,
        state,
        fromAddress: EVM_ADDRESS,
        nonce: BigInt(Math.floor(signedAt.getTime() / 1000)),
        txHash: `0x${crypto.randomUUID().replaceAll('-', '')}`,
        signedAt,
      });
    await send('10.5', minutesAgo(60), 'CONFIRMED');
    await send('0.000001', minutesAgo(10), 'BROADCAST');
    await send('99', minutesAgo(20), 'FAILED');
    await send('1000', minutesAgo(25 * 60), 'CONFIRMED');

    const summary = await hotWalletSummary(db, [{ key: 'local-eth', name: 'Local' }, { key: 'tron', name: 'TRON' }], NOW);
    expect(summary).toEqual([
      { chain: 'local-eth', name: 'Local', balance: '1500.250000', balanceReadAt: minutesAgo(2).toISOString(), outflow24h: '10.500001' },
      { chain: 'tron', name: 'TRON', balance: null, balanceReadAt: null, outflow24h: '0' },
    ]);
  });
});
