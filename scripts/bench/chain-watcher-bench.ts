import { performance } from 'node:perf_hooks';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import postgres from 'postgres';
import { getAddress, type Address } from 'viem';
import { connect } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { chainCursors } from '../../db/schema';
import { cliActor } from '../../server/audit';
import type { ChainConfig } from '../../server/chains/chains';
import { EVM_ACCOUNT_PATH } from '../../server/chains/evm/evm-address-deriver';
import { depositAddressFor } from '../../server/deposits/deposit-address';
import { createMerchant } from '../../server/merchants/create-merchant';
import { anvilBinary, batchTransferTo, deployToken, mintTo, startAnvil } from '../../tests/chain/anvil';
import { spawnChainWatcher, stopProcess, watcherProgress } from '../../tests/chain/chain-watcher-process';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ChainWatcherMeasured {
  transfers: number;
  blocks: number;
  addresses: number;
  /** Deposits credited per second, from the watcher's start at cursor 0 to the last credit. */
  depositsPerSecond: number;
  /** Seconds until the cursor first reached the head, and until every deposit was credited. */
  scannedSeconds: number;
  creditedSeconds: number;
  /** Blocks between the node's head and the cursor, sampled every 250 ms (a block arrives every 3 s). */
  lagBlocks: number[];
  settings: string;
}

const XPUB = HDKey.fromMasterSeed(mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about')).derive(EVM_ACCOUNT_PATH).publicExtendedKey;

/**
 * The chain watcher row (docs/performance.md): an anvil node holding `transfers` USDT transfers in
 * `blocks` blocks to `addresses` deposit addresses (one merchant each), the watcher
 * (`npm run chain-watcher`, its own process) started at cursor 0 with BNB Smart Chain's catalog
 * settings, while the node mines a block every 3 s; timed until every transfer is credited.
 * Undefined when anvil is not installed.
 */
export async function chainWatcherBench(adminUrl: string, size: { transfers: number; blocks: number; addresses: number }, log: (line: string) => void): Promise<ChainWatcherMeasured | undefined> {
  if (!anvilBinary()) {
    log('anvil not installed: the chain watcher row is skipped');
    return undefined;
  }
  const name = 'corridor_bench_chain';
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const parsed = new URL(adminUrl);
  parsed.pathname = `/${name}`;
  const url = parsed.toString();
  await migrateDatabase({ url });
  const database = connect({ url, maxConnections: 4 });
  const anvil = await startAnvil();
  try {
    log(`chain watcher: ${size.addresses} deposit addresses, ${size.transfers} transfers in ${size.blocks} blocks…`);
    const token = await deployToken(anvil, 6);
    await mintTo(anvil, token, anvil.client.account.address, 10n ** 24n);
    const addresses: Address[] = [];
    for (let i = 0; i < size.addresses; i += 1) {
      const { merchantId } = await createMerchant(database.db, { name: `Bench depositor ${i}`, payoutFeeBps: 0, payinFeeBps: 0, actor: cliActor });
      addresses.push(getAddress((await depositAddressFor(database.db, { owner: { type: 'merchant', id: merchantId }, family: 'evm', xpub: XPUB })).address));
    }
    // One batch transaction per block (automine), the transfers spread over every address.
    const perBlock = Math.ceil(size.transfers / size.blocks);
    for (let block = 0, sent = 0; block < size.blocks; block += 1) {
      const count = Math.min(perBlock, size.transfers - sent);
      const to = Array.from({ length: count }, (_, i) => addresses[(sent + i) % addresses.length]!);
      await batchTransferTo(anvil, token, to, to.map(() => 2_000_000n));
      sent += count;
    }
    const chain: ChainConfig = {
      key: 'bench-anvil',
      family: 'evm',
      name: 'bench-anvil',
      network: 'local',
      tokens: { USDT: { contract: token, decimals: 6 } },
      confirmations: 20,
      pollIntervalMs: 3000,
      maxBlockRange: 500,
      minimumDeposit: '1',
      rpcUrl: anvil.url,
    };
    await anvil.client.mine({ blocks: chain.confirmations });
    const genesis = await anvil.client.getBlock({ blockNumber: 0n });
    await database.db.insert(chainCursors).values({ chainKey: chain.key, height: 0n, blockHash: genesis.hash });

    const watcher = spawnChainWatcher({ databaseUrl: url, chains: [chain], xpub: XPUB });
    await watcher.started;
    const started = performance.now();
    let mining = true;
    const miner = (async () => {
      while (mining) {
        await sleep(3000);
        if (mining) await anvil.client.mine({ blocks: 1 });
      }
    })();
    const lagBlocks: number[] = [];
    let scannedSeconds: number | undefined;
    let creditedSeconds: number | undefined;
    try {
      for (let sample = 0; creditedSeconds === undefined; sample += 1) {
        await sleep(Math.max(0, started + (sample + 1) * 250 - performance.now()));
        const head = await anvil.client.getBlockNumber({ cacheTime: 0 });
        const progress = await watcherProgress(database.db, chain.key);
        const seconds = (performance.now() - started) / 1000;
        lagBlocks.push(Number(head - (progress.cursor ?? 0n)));
        if (scannedSeconds === undefined && progress.cursor !== undefined && head - progress.cursor <= 1n) scannedSeconds = seconds;
        if (progress.credited >= size.transfers) creditedSeconds = seconds;
        if (seconds > 1800) throw new Error(`the watcher credited ${progress.credited} of ${size.transfers} in 30 minutes`);
      }
    } finally {
      mining = false;
      await miner;
      await stopProcess(watcher, 'SIGTERM');
    }
    return {
      ...size,
      depositsPerSecond: size.transfers / creditedSeconds,
      scannedSeconds: scannedSeconds ?? creditedSeconds,
      creditedSeconds,
      lagBlocks,
      settings: `${chain.confirmations} confirmations, ${chain.pollIntervalMs / 1000} s poll, ${chain.maxBlockRange}-block range`,
    };
  } finally {
    await database.close();
    await anvil.stop();
  }
}
