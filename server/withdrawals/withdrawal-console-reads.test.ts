import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { chainHotWallets, chainSends, walletWithdrawals, withdrawalAddresses } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { traderWithBalance } from '../../tests/fixtures/parties';
import { writeHotWalletSettings } from '../chain-sends/hot-wallet-settings';
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
  const noFlags = { nativeBalance: null, target: null, excess: null, coldAddress: null, belowTarget: false, waiting: { gas: 0, belowTarget: 0, token: 0 } };

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
      { ...noFlags, chain: 'local-eth', name: 'Local', balance: '1500.250000', balanceReadAt: minutesAgo(2).toISOString(), outflow24h: '10.500001' },
      { ...noFlags, chain: 'tron', name: 'TRON', balance: null, balanceReadAt: null, outflow24h: '0' },
    ]);
  });

  it('flags the excess over the target with the cold address, a wallet below its target, and the sends waiting; sweeps into the wallet are not outflow', async () => {
    const COLD = '0x1111111111111111111111111111111111111111';
    await writeHotWalletSettings(db, { targets: { 'local-a': '1000', 'local-b': '5000' }, coldAddresses: { 'local-a': COLD } }, NOW);
    await db.insert(chainHotWallets).values([
      { chain: 'local-a', address: EVM_ADDRESS, nextNonce: 0n, tokenBalance: '1250.500000', nativeBalance: '7', balanceReadAt: minutesAgo(1) },
      { chain: 'local-b', address: EVM_ADDRESS, nextNonce: 0n, tokenBalance: '4000.000000', nativeBalance: '0', balanceReadAt: minutesAgo(1) },
    ]);
    const queued = (chain: string, waitReason: 'gas' | 'below_target' | null) =>
      db.insert(chainSends).values({ chain, purpose: 'withdrawal', referenceId: crypto.randomUUID(), toAddress: EVM_ADDRESS, amount: '20', waitReason, waitingSince: waitReason ? NOW : null });
    await queued('local-b', 'below_target');
    await queued('local-b', 'below_target');
    await queued('local-b', 'gas');
    await queued('local-b', null);
    // A sweep's transfer into the hot wallet, signed in the last 24 hours: not outflow.
    await db.insert(chainSends).values({
      chain: 'local-a',
      purpose: 'sweep',
      referenceId: crypto.randomUUID(),
      toAddress: EVM_ADDRESS,
      amount: '300',
      state: 'CONFIRMED',
      sourceIndex: 4,
      fromAddress: COLD,
      nonce: 0n,
      txHash: `0x${'ab'.repeat(32)}`,
      signedAt: minutesAgo(5),
    });

    const [a, b] = await hotWalletSummary(db, [{ key: 'local-a', name: 'A' }, { key: 'local-b', name: 'B' }], NOW);
    expect(a).toEqual({
      chain: 'local-a', name: 'A', balance: '1250.500000', balanceReadAt: minutesAgo(1).toISOString(), nativeBalance: '7', outflow24h: '0',
      target: '1000', excess: '250.500000', coldAddress: COLD, belowTarget: false, waiting: { gas: 0, belowTarget: 0, token: 0 },
    });
    expect(b).toMatchObject({ target: '5000', excess: null, coldAddress: null, belowTarget: true, waiting: { gas: 1, belowTarget: 2, token: 0 } });
  });
});
