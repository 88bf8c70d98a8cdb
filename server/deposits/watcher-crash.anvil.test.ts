import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { eq, sql } from 'drizzle-orm';
import { getAddress, parseAbiItem, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { chainCursors, chainDeposits } from '../../db/schema';
import { anvilBinary, batchTransferTo, deployToken, mintTo, startAnvil, transferTo, type Anvil } from '../../tests/chain/anvil';
import { spawnChainWatcher, stopProcess, watcherProgress, type ChainWatcherProcess } from '../../tests/chain/chain-watcher-process';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import type { ChainConfig } from '../chains/chains';
import { EVM_ACCOUNT_PATH } from '../chains/evm/evm-address-deriver';
import { toLedgerAmount } from '../chains/token-amount';
import { balancesOf } from '../ledger/balances';
import { checkLedgerInvariants } from '../ledger/check-invariants';
import { Dec } from '../money/decimal';
import { depositAddressFor, type DepositOwner } from './deposit-address';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * kill -9 of `npm run chain-watcher` at random moments while transfers and blocks keep arriving,
 * and two watcher processes at once (docs/wallet.md, "The watcher"): every transfer to our
 * addresses ends as one deposit with one ledger credit, and each owner's balance is what the chain
 * sent them. The quick variant (the default) makes 20 kills over a short burst;
 * CHAIN_CRASH_FULL=1 makes 50 over a longer one.
 */
const FULL = process.env.CHAIN_CRASH_FULL === '1';
const KILLS = FULL ? 50 : 20;
/** Sends of 1 to 4 transfers each during the kills; blocks keep coming after the last. */
const SENDS = FULL ? 400 : 40;
const CONFIRMATIONS = 3;
const XPUB = HDKey.fromMasterSeed(mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about')).derive(EVM_ACCOUNT_PATH).publicExtendedKey;
const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** Seeded, so a failing run's transfers and kill moments can be replayed (the seed is printed). */
function generator(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % below;
  };
}


describe.runIf(process.env.TEST_DATABASE_URL && anvilBinary())('kill -9 of the chain watcher process during a burst of transfers (anvil, PostgreSQL)', () => {
  let anvil: Anvil;
  let database: TestDatabase;
  let chain: ChainConfig;
  let token: Address;
  const owners: { owner: DepositOwner; address: Address }[] = [];
  const seed = Number(process.env.CHAIN_CRASH_SEED ?? Date.now() % 1_000_000_007);
  const random = generator(seed);
  const running: ChainWatcherProcess[] = [];

  const start = () => {
    const watcher = spawnChainWatcher({ databaseUrl: database.url!, chains: [chain], xpub: XPUB });
    running.push(watcher);
    return watcher;
  };

  /** 1 to 4 transfers of whole-cent amounts (18 decimals, so the ledger's 6 are exact) to random owners. */
  async function sendSome(): Promise<void> {
    const count = 1 + random(4);
    const to = Array.from({ length: count }, () => owners[random(owners.length)]!.address);
    const amounts = to.map(() => BigInt(1 + random(100_000)) * 10n ** 16n);
    if (random(3) === 0) {
      // Several transactions in one block.
      await anvil.client.setAutomine(false);
      for (let i = 0; i < count; i += 1) await transferTo(anvil, token, to[i]!, amounts[i]!);
      await anvil.client.mine({ blocks: 1 });
      await anvil.client.setAutomine(true);
    } else {
      // Several Transfer events of one transaction (automine: its own block).
      await batchTransferTo(anvil, token, to, amounts);
    }
  }

  /** Waits until the watcher has scanned to the head and credited every transfer the node holds. */
  async function settled(expected: number, within: number): Promise<void> {
    const deadline = Date.now() + within;
    for (;;) {
      const head = await anvil.client.getBlockNumber({ cacheTime: 0 });
      const progress = await watcherProgress(database.db, chain.key);
      if (progress.cursor === head && progress.detected === 0 && progress.credited >= expected) return;
      if (Date.now() > deadline) throw new Error(`not settled: ${JSON.stringify({ ...progress, cursor: String(progress.cursor), head: String(head), expected })}`);
      await anvil.client.mine({ blocks: 1 });
      await sleep(200);
    }
  }

  /** The node's Transfer logs to our addresses, from the token's deployment to the head. */
  async function chainTransfers() {
    const logs = await anvil.client.getLogs({ address: token, event: TRANSFER, args: { to: owners.map((o) => o.address) }, fromBlock: 0n, toBlock: 'latest', strict: true });
    return logs.map((log) => ({ id: `deposit:${chain.key}:${log.transactionHash.toLowerCase()}:${log.logIndex}`, to: getAddress(log.args.to), value: log.args.value }));
  }

  /** Every transfer credited exactly once; each owner's balance is the chain's sum to them. */
  async function expectEachCreditedOnce(): Promise<number> {
    const transfers = await chainTransfers();
    const ids = transfers.map((t) => t.id).sort();
    expect(new Set(ids).size).toBe(ids.length);

    const deposits = await database.db.select().from(chainDeposits).where(eq(chainDeposits.chainKey, chain.key));
    expect(deposits.map((d) => `deposit:${d.chainKey}:${d.txHash.toLowerCase()}:${d.logIndex}`).sort()).toEqual(ids);
    expect(deposits.filter((d) => d.state !== 'CREDITED')).toEqual([]);
    expect(deposits.map((d) => d.transferId).sort()).toEqual(ids);

    const credits = rowsOf<{ id: string; legs: number | string }>(
      await database.db.execute(sql`select t.id, count(p.id) as legs from ledger_transfers t join ledger_postings p on p.transfer_id = t.id where t.kind = 'deposit.credit' group by t.id`),
    );
    expect(credits.map((c) => c.id).sort()).toEqual(ids);
    expect(credits.filter((c) => Number(c.legs) !== 2)).toEqual([]);

    for (const { owner, address } of owners) {
      const sent = transfers.filter((t) => t.to === address).reduce((sum, t) => sum + t.value, 0n);
      const available = new Dec((await balancesOf(database.db, owner.type, owner.id)).available ?? '0').toFixed(6);
      expect(available, `${owner.type} ${owner.id}`).toBe(toLedgerAmount(sent, 18).amount);
    }
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
    return ids.length;
  }

  beforeAll(async () => {
    anvil = await startAnvil();
    database = await createTestDatabase({ maxConnections: 5 });
    token = await deployToken(anvil, 18);
    await mintTo(anvil, token, anvil.client.account.address, 10n ** 30n);
    await anvil.client.mine({ blocks: 1 });
    chain = {
      key: 'anvil-crash',
      family: 'evm',
      name: 'anvil-crash',
      network: 'local',
      tokens: { USDT: { contract: token, decimals: 18 } },
      confirmations: CONFIRMATIONS,
      pollIntervalMs: 100,
      // A small range: a scan of the burst takes several passes, so kills land between them too.
      maxBlockRange: 3,
      minimumDeposit: '0.000001',
      rpcUrl: anvil.url,
    };
    for (let i = 0; i < 5; i += 1) {
      const owner: DepositOwner = i < 3 ? { type: 'merchant', id: (await merchantWithBalance(database.db, '0')).merchantId } : { type: 'trader', id: (await traderWithBalance(database.db, '0')).traderId };
      owners.push({ owner, address: getAddress((await depositAddressFor(database.db, { owner, family: 'evm', xpub: XPUB })).address) });
    }
    // The cursor starts at the token's deployment, before any transfer.
    const head = await anvil.client.getBlockNumber({ cacheTime: 0 });
    const block = await anvil.client.getBlock({ blockNumber: head });
    await database.db.insert(chainCursors).values({ chainKey: chain.key, height: head, blockHash: block.hash });
  });
  afterAll(async () => {
    await Promise.all(running.map((watcher) => stopProcess(watcher, 'SIGKILL')));
    await database?.close();
    await anvil?.stop();
  });

  it(`credits every deposit exactly once across ${KILLS} kill -9s at random moments`, { timeout: FULL ? 900_000 : 180_000 }, async () => {
    // The burst: transfers keep coming while the watcher is killed and restarted.
    let sending = true;
    const producer = (async () => {
      for (let sent = 0; sending; sent += 1) {
        if (sent < SENDS) await sendSome();
        if (random(4) === 0) await anvil.client.mine({ blocks: 1 + random(2) });
        await sleep(random(FULL ? 800 : 2000));
      }
    })();

    const killedAt: { delayMs: number; credited: number }[] = [];
    for (let kill = 0; kill < KILLS; kill += 1) {
      const watcher = start();
      await watcher.started;
      // Random moments after the start: mid-scan, mid-settle, mid-credit, between ticks.
      // Up to 1.2 s: on a machine busy with the rest of the suite a start leaves little of a shorter window.
      const delayMs = random(FULL ? 1500 : 1200);
      await sleep(delayMs);
      await stopProcess(watcher, 'SIGKILL');
      killedAt.push({ delayMs, credited: (await watcherProgress(database.db, chain.key)).credited });
    }
    sending = false;
    await producer;

    const expected = (await chainTransfers()).length;
    // Many runs found something to do when they were killed: the kills were not all idle (the credited
    // count moved between kills more than one time in five).
    expect(new Set(killedAt.map((k) => k.credited)).size).toBeGreaterThan(KILLS / 5);
    await anvil.client.mine({ blocks: CONFIRMATIONS });
    const last = start();
    await settled(expected, 90_000);
    await stopProcess(last, 'SIGTERM');

    expect(await expectEachCreditedOnce()).toBe(expected);
    console.log(`chain watcher kill -9 (seed ${seed}): ${KILLS} kills, ${expected} deposits credited once each; credited count at each kill: ${killedAt.map((k) => k.credited).join(' ')}`);
  });

  it('credits nothing twice with two watcher processes running at once', { timeout: 120_000 }, async () => {
    const before = (await chainTransfers()).length;
    const watchers = [start(), start()];
    await Promise.all(watchers.map((watcher) => watcher.started));
    for (let i = 0; i < (FULL ? 100 : 25); i += 1) {
      await sendSome();
      await sleep(random(60));
    }
    await anvil.client.mine({ blocks: CONFIRMATIONS });
    const expected = (await chainTransfers()).length;
    expect(expected).toBeGreaterThan(before);
    await settled(expected, 60_000);
    await Promise.all(watchers.map((watcher) => stopProcess(watcher, 'SIGTERM')));
    // Both ran to the end (SIGTERM finishes the ticks in flight and exits 0).
    expect(await Promise.all(watchers.map((watcher) => watcher.exited))).toEqual([0, 0]);
    expect(await expectEachCreditedOnce()).toBe(expected);
  });
});
