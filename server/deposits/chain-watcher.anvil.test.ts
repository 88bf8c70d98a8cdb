import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { and, eq, sql } from 'drizzle-orm';
import { getAddress, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { auditLog, chainDeposits, chainReorgCases, outboxEvents } from '../../db/schema';
import { anvilBinary, deployToken, mintTo, startAnvil, transferTo, type Anvil } from '../../tests/chain/anvil';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import type { ChainConfig } from '../chains/chains';
import { EVM_ACCOUNT_PATH } from '../chains/evm/evm-address-deriver';
import { evmChainReader } from '../chains/evm/evm-chain-reader';
import { toLedgerAmount } from '../chains/token-amount';
import { balancesOf } from '../ledger/balances';
import { checkLedgerInvariants } from '../ledger/check-invariants';
import { chainReorgAfterCreditTotal } from '../metrics/chain-metrics';
import { Dec } from '../money/decimal';
import { depositAddressFor, type DepositOwner } from './deposit-address';
import { listOpenReorgCases } from './list-reorg-cases';
import { startChainWatcher } from './start-chain-watcher';
import { watchChainOnce } from './watch-chain';

// The deposit key of these tests: any mnemonic but the node's own, so no test account is a deposit address.
const XPUB = HDKey.fromMasterSeed(mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about')).derive(EVM_ACCOUNT_PATH).publicExtendedKey;
const CONFIRMATIONS = 4;

/** A small deterministic generator: the same 50 amounts every run, so a failure can be replayed. */
function generator(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % below;
  };
}

describe.skipIf(!anvilBinary())('chain watcher on a real anvil node', () => {
  let anvil: Anvil;
  let database: TestDatabase;
  let usdt6: ChainConfig;
  let usdt18: ChainConfig;
  let merchant: DepositOwner;
  let trader: DepositOwner;
  let merchantAddress: Address;
  let traderAddress: Address;

  const chainOf = (key: string, contract: Address, decimals: number): ChainConfig => ({
    key,
    family: 'evm',
    name: key,
    network: 'local',
    tokens: { USDT: { contract, decimals } },
    confirmations: CONFIRMATIONS,
    pollIntervalMs: 100,
    maxBlockRange: 7,
    minimumDeposit: '0.000001',
    rpcUrl: anvil.url,
  });

  /** One pass over both chains, as the watcher's loop would make it. */
  async function tick(reader = evmChainReader({ rpcUrl: anvil.url })) {
    const six = await watchChainOnce(database.db, { chain: usdt6, reader });
    const eighteen = await watchChainOnce(database.db, { chain: usdt18, reader });
    return [six, eighteen];
  }

  /** Mines and ticks until both cursors reach the head and nothing is left DETECTED. */
  async function settle() {
    for (let round = 0; round < 60; round += 1) {
      await anvil.client.mine({ blocks: 1 });
      const results = await tick();
      const [open] = rowsOf<{ n: number | string }>(await database.db.execute(sql`select count(*) as n from chain_deposits where state = 'DETECTED'`));
      if (results.every((result) => result.cursor === result.head) && Number(open!.n) === 0) return;
    }
    throw new Error('the watcher did not settle');
  }

  async function available(owner: DepositOwner): Promise<string> {
    return new Dec((await balancesOf(database.db, owner.type, owner.id)).available ?? '0').toFixed(6);
  }

  beforeAll(async () => {
    anvil = await startAnvil();
    database = await createTestDatabase({ maxConnections: 20 });
    const token6 = await deployToken(anvil, 6);
    const token18 = await deployToken(anvil, 18);
    await mintTo(anvil, token6, anvil.client.account.address, 10n ** 18n);
    await mintTo(anvil, token18, anvil.client.account.address, 10n ** 30n);
    usdt6 = chainOf('anvil-usdt6', token6, 6);
    usdt18 = chainOf('anvil-usdt18', token18, 18);
    merchant = { type: 'merchant', id: (await merchantWithBalance(database.db, '0')).merchantId };
    trader = { type: 'trader', id: (await traderWithBalance(database.db, '0')).traderId };
    merchantAddress = getAddress((await depositAddressFor(database.db, { owner: merchant, family: 'evm', xpub: XPUB })).address);
    traderAddress = getAddress((await depositAddressFor(database.db, { owner: trader, family: 'evm', xpub: XPUB })).address);
    // The cursors start here, before any deposit.
    await tick();
  });
  afterAll(async () => {
    await database?.close();
    await anvil?.stop();
  });

  it('gives each owner one stable address, distinct from every other', async () => {
    expect((await depositAddressFor(database.db, { owner: merchant, family: 'evm', xpub: XPUB })).address).toBe(merchantAddress);
    expect(merchantAddress).not.toBe(traderAddress);
    // Ten first requests at once, for five new owners: one index each, never shared.
    const owners = await Promise.all(Array.from({ length: 5 }, async () => ({ type: 'merchant' as const, id: (await merchantWithBalance(database.db, '0')).merchantId })));
    const addresses = await Promise.all([...owners, ...owners].map((owner) => depositAddressFor(database.db, { owner, family: 'evm', xpub: XPUB })));
    expect(new Set(addresses.map((a) => a.address)).size).toBe(5);
    expect(new Set(addresses.map((a) => a.derivationIndex)).size).toBe(5);
  });

  it('credits 50 transfers of both tokens exactly once each, several per block, the sum per owner', async () => {
    const random = generator(20261127);
    const expected = new Map<string, Dec>([
      [merchant.id, new Dec(0)],
      [trader.id, new Dec(0)],
    ]);
    let expectedRemainder = 0n;
    const before = { merchant: await available(merchant), trader: await available(trader) };
    await anvil.client.setAutomine(false);
    for (let sent = 0; sent < 50; ) {
      // 1 to 5 transfers in the next block, to either owner, in either token.
      const inBlock = Math.min(1 + random(5), 50 - sent);
      for (let i = 0; i < inBlock; i += 1, sent += 1) {
        const owner = random(2) === 0 ? merchant : trader;
        const to = owner === merchant ? merchantAddress : traderAddress;
        const eighteen = random(3) === 0;
        const chain = eighteen ? usdt18 : usdt6;
        const amount = eighteen ? BigInt(1 + random(1_000_000)) * 10n ** 12n + BigInt(random(1_000_000_000)) : BigInt(1 + random(500_000_000));
        await transferTo(anvil, chain.tokens.USDT.contract as Address, to, amount);
        const { amount: credited, remainder } = toLedgerAmount(amount, chain.tokens.USDT.decimals);
        expected.set(owner.id, expected.get(owner.id)!.plus(credited));
        expectedRemainder += remainder;
      }
      await anvil.client.mine({ blocks: 1 });
    }
    await anvil.client.setAutomine(true);
    await settle();

    expect(await available(merchant)).toBe(expected.get(merchant.id)!.plus(before.merchant).toFixed(6));
    expect(await available(trader)).toBe(expected.get(trader.id)!.plus(before.trader).toFixed(6));
    const rows = await database.db.select().from(chainDeposits);
    const credited = rows.filter((row) => row.state === 'CREDITED');
    expect(credited).toHaveLength(50);
    expect(new Set(credited.map((row) => row.transferId)).size).toBe(50);
    expect(credited.reduce((sum, row) => sum + BigInt(row.remainder), 0n)).toBe(expectedRemainder);
    // Some blocks held several deposits.
    expect(new Set(credited.map((row) => row.blockNumber)).size).toBeLessThan(50);
    const [transfers] = rowsOf<{ n: number | string }>(await database.db.execute(sql`select count(*) as n from ledger_transfers where kind = 'deposit.credit'`));
    expect(Number(transfers!.n)).toBe(50);
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);

    // The merchant heard of each of its deposits twice (detected, credited); the trader has no outbox.
    const merchantDeposits = credited.filter((row) => row.ownerId === merchant.id).length;
    const events = await database.db.select({ type: outboxEvents.type }).from(outboxEvents).where(and(eq(outboxEvents.merchantId, merchant.id), eq(outboxEvents.flow, 'deposit')));
    expect(events.filter((e) => e.type === 'wallet.deposit_detected')).toHaveLength(merchantDeposits);
    expect(events.filter((e) => e.type === 'wallet.deposit_credited')).toHaveLength(merchantDeposits);

    // Another pass credits nothing more.
    await anvil.client.mine({ blocks: 3 });
    const again = await tick();
    expect(again.map((r) => r.credited)).toEqual([0, 0]);
  });

  it('orphans a deposit reorganised out before its confirmations and never credits it', async () => {
    const before = await available(merchant);
    const snapshot = await anvil.client.snapshot();
    const hash = await transferTo(anvil, usdt6.tokens.USDT.contract as Address, merchantAddress, 777_000_000n);
    await anvil.client.mine({ blocks: 1 });
    await tick();
    const [seen] = await database.db.select().from(chainDeposits).where(eq(chainDeposits.txHash, hash));
    expect(seen?.state).toBe('DETECTED');

    // Another chain at the same heights, longer than the first, without the transfer.
    await anvil.client.revert({ id: snapshot });
    await anvil.client.mine({ blocks: 3 });
    await settle();
    await anvil.client.mine({ blocks: CONFIRMATIONS * 2 });
    await settle();

    const rows = await database.db.select().from(chainDeposits).where(eq(chainDeposits.txHash, hash));
    expect(rows.map((row) => row.state)).toEqual(['ORPHANED']);
    expect(await available(merchant)).toBe(before);
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
  });

  it('opens a reorg case, audits and counts it when a credited deposit is reorganised out, and reverses nothing', async () => {
    const metricBefore = await reorgMetric(usdt6.key);
    const snapshot = await anvil.client.snapshot();
    const hash = await transferTo(anvil, usdt6.tokens.USDT.contract as Address, traderAddress, 5_000_000n);
    await settle();
    const [credited] = await database.db.select().from(chainDeposits).where(eq(chainDeposits.txHash, hash));
    expect(credited?.state).toBe('CREDITED');
    const balance = await available(trader);

    // The other chain overtakes the first within the watch window (REORG_WATCH_FACTOR × confirmations).
    await anvil.client.revert({ id: snapshot });
    await anvil.client.mine({ blocks: CONFIRMATIONS + 2 });
    await settle();

    const [after] = await database.db.select().from(chainDeposits).where(eq(chainDeposits.id, credited!.id));
    expect(after?.state).toBe('CREDITED');
    expect(after?.reorgedAt).not.toBeNull();
    const cases = await database.db.select().from(chainReorgCases).where(eq(chainReorgCases.depositId, credited!.id));
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ chainKey: usdt6.key, txHash: hash, amount: '5.000000', ownerType: 'trader', ownerId: trader.id, resolvedAt: null });
    // The operator's list shows it.
    expect((await listOpenReorgCases(database.db)).map((row) => row.depositId)).toContain(credited!.id);
    const audits = await database.db.select().from(auditLog).where(and(eq(auditLog.action, 'wallet.deposit_reorged_after_credit'), eq(auditLog.targetId, credited!.id)));
    expect(audits).toHaveLength(1);
    expect(await reorgMetric(usdt6.key)).toBe(metricBefore + 1);
    // Never reversed silently: the balance stands until an operator decides.
    expect(await available(trader)).toBe(balance);
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
  });

  it('holds what is below the minimum or reaches a retired address, keeping the remainder', async () => {
    const tiny = await transferTo(anvil, usdt18.tokens.USDT.contract as Address, merchantAddress, 999_999_999_999n);
    await settle();
    const [held] = await database.db.select().from(chainDeposits).where(eq(chainDeposits.txHash, tiny));
    expect(held).toMatchObject({ state: 'HELD', heldReason: 'below_minimum', amount: '0.000000', remainder: '999999999999', transferId: null });

    const owner: DepositOwner = { type: 'merchant', id: (await merchantWithBalance(database.db, '0')).merchantId };
    const address = (await depositAddressFor(database.db, { owner, family: 'evm', xpub: XPUB })).address;
    await database.db.execute(sql`update deposit_addresses set retired_at = now() where address = ${address}`);
    const late = await transferTo(anvil, usdt6.tokens.USDT.contract as Address, address as Address, 3_000_000n);
    await settle();
    const [retired] = await database.db.select().from(chainDeposits).where(eq(chainDeposits.txHash, late));
    expect(retired).toMatchObject({ state: 'HELD', heldReason: 'retired_address' });
    expect(await available(owner)).toBe('0.000000');
    // A new address for the owner: the next index, never the retired one again.
    expect((await depositAddressFor(database.db, { owner, family: 'evm', xpub: XPUB })).address).not.toBe(address);
  });

  it('credits nothing twice with two watchers running at once', async () => {
    const before = { merchant: await available(merchant), trader: await available(trader) };
    await anvil.client.setAutomine(false);
    for (let i = 0; i < 12; i += 1) {
      await transferTo(anvil, usdt6.tokens.USDT.contract as Address, i % 2 === 0 ? merchantAddress : traderAddress, 1_000_000n);
      if (i % 3 === 2) await anvil.client.mine({ blocks: 1 });
    }
    await anvil.client.setAutomine(true);
    await anvil.client.mine({ blocks: CONFIRMATIONS + 1 });
    // Two watchers, each with its own node client, ticking the same chain together until settled.
    const readers = [evmChainReader({ rpcUrl: anvil.url }), evmChainReader({ rpcUrl: anvil.url })];
    for (let round = 0; round < 30; round += 1) {
      const results = await Promise.all(readers.flatMap((reader) => [watchChainOnce(database.db, { chain: usdt6, reader }), watchChainOnce(database.db, { chain: usdt6, reader })]));
      if (results.every((r) => r.cursor === r.head)) {
        const [open] = rowsOf<{ n: number | string }>(await database.db.execute(sql`select count(*) as n from chain_deposits where state = 'DETECTED'`));
        if (Number(open!.n) === 0) break;
      }
      await anvil.client.mine({ blocks: 1 });
    }
    expect(await available(merchant)).toBe(new Dec(before.merchant).plus(6).toFixed(6));
    expect(await available(trader)).toBe(new Dec(before.trader).plus(6).toFixed(6));
    const [duplicates] = rowsOf<{ n: number | string }>(
      await database.db.execute(sql`select count(*) as n from (select tx_hash, log_index from chain_deposits where state <> 'ORPHANED' group by chain_key, tx_hash, log_index having count(*) > 1) d`),
    );
    expect(Number(duplicates!.n)).toBe(0);
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
  });

  it('runs as a loop in the process: a deposit is credited without anyone calling a tick', async () => {
    const before = await available(merchant);
    const stop = startChainWatcher(database.db, [{ ...usdt6, pollIntervalMs: 100 }]);
    try {
      const hash = await transferTo(anvil, usdt6.tokens.USDT.contract as Address, merchantAddress, 2_500_000n);
      await anvil.client.mine({ blocks: CONFIRMATIONS });
      // Waits for the outcome, bounded; no assertion on how long it took.
      for (let attempt = 0; attempt < 200; attempt += 1) {
        const [row] = await database.db.select().from(chainDeposits).where(eq(chainDeposits.txHash, hash));
        if (row?.state === 'CREDITED') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await available(merchant)).toBe(new Dec(before).plus('2.5').toFixed(6));
    } finally {
      await stop();
    }
  });
});

async function reorgMetric(chain: string): Promise<number> {
  const metric = await chainReorgAfterCreditTotal.get();
  return metric.values.find((value) => value.labels.chain === chain)?.value ?? 0;
}
