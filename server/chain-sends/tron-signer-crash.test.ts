import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainSendAttempts, chainSends, chainSweeps } from '../../db/schema';
import { creditedTronAddress } from '../../tests/chain/credited-tron-address';
import { createSettlementTable } from '../../tests/chain/recording-settlement';
import { generator, settlementCounts, signerKeyringText, sleep, TRON_XPUB, XPUB } from '../../tests/chain/signer-fixture';
import { spawnSigner, stopSigner, type SignerProcess } from '../../tests/chain/signer-process';
import { startTronStandIn, type TronStandIn } from '../../tests/chain/tron-node-stand-in';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import type { ChainConfig } from '../chains/chains';
import { parseKeyring } from '../crypto/keyring';
import { encryptDepositSeed } from './deposit-seed';
import { encryptHotWalletKey } from './hot-wallet-key';
import { queueChainSend } from './queue-chain-send';
import { tronSignerOf } from './tron/tron-signer-chain';

/**
 * `npm run signer`'s process on a TRON chain (the stand-in node of tests/chain/tron-node-stand-in.ts),
 * killed -9 at random moments while it signs, broadcasts and confirms withdrawals and plans, tops up
 * and sweeps deposit addresses, then restarted: each send has exactly one transaction in a block,
 * each address one top-up and one transfer, every broadcast carried stored bytes, and each
 * settlement step committed once (docs/wallet-tron.md, "The signer on TRON", "Sweeps on TRON").
 */
const SENDS = 16;
const SWEPT_ADDRESSES = 3;
const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const KILLS = 4;

describe('the TRON signer process under kill -9 (stand-in node, PostgreSQL)', () => {
  let database: TestDatabase;
  let node: TronStandIn;
  let miner: NodeJS.Timeout | undefined;
  const running: SignerProcess[] = [];
  const seed = Number(process.env.SIGNER_CRASH_SEED ?? Date.now() % 1_000_000_007);
  const random = generator(seed);

  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 5 });
    await createSettlementTable(database.db);
    node = await startTronStandIn();
  });
  afterAll(async () => {
    clearInterval(miner);
    await Promise.all(running.map((signer) => stopSigner(signer, 'SIGKILL')));
    await node?.close();
    await database?.close();
  });

  it('sends each withdrawal and each sweep once, whatever the moments it is killed at', { timeout: 240_000 }, async () => {
    console.log(`SIGNER_CRASH_SEED=${seed}`);
    const privateKey = `0x${randomBytes(32).toString('hex')}` as const;
    const keyring = signerKeyringText();
    const keyFile = join(mkdtempSync(join(tmpdir(), 'corridor-signer-')), 'hot-wallet.json');
    writeFileSync(keyFile, encryptHotWalletKey(parseKeyring(keyring), privateKey).file, { mode: 0o600 });
    const chain: ChainConfig = {
      key: 'tron-crash',
      family: 'tron',
      name: 'TRON stand-in',
      network: 'local',
      tokens: { USDT: { contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', decimals: 6 } },
      confirmations: 3,
      pollIntervalMs: 100,
      maxBlockRange: 10,
      minimumDeposit: '1',
      rpcUrl: node.url,
      hotWallet: tronSignerOf(privateKeyToAccount(privateKey)).address,
    };
    node.setBalance(chain.hotWallet!, { token: 10n ** 15n, trx: 10n ** 12n });
    const seedFile = join(mkdtempSync(join(tmpdir(), 'corridor-seed-')), 'deposit-seed.json');
    writeFileSync(seedFile, encryptDepositSeed(parseKeyring(keyring), MNEMONIC).file, { mode: 0o600 });
    const deposits = [];
    for (let i = 0; i < SWEPT_ADDRESSES; i += 1) deposits.push(await creditedTronAddress(database.db, node, chain, i, (100n + BigInt(random(900))) * 1_000_000n + BigInt(random(1_000_000))));
    const recipients = Array.from({ length: 5 }, () => tronSignerOf(privateKeyToAccount(generatePrivateKey())).address);
    const ids: string[] = [];
    for (let i = 0; i < SENDS; i += 1) {
      const amount = `${1 + random(900)}.${String(random(1_000_000)).padStart(6, '0')}`;
      const { id } = await database.db.transaction((tx) => queueChainSend(tx, { chain: chain.key, purpose: 'withdrawal', referenceId: crypto.randomUUID(), toAddress: recipients[random(recipients.length)]!, amount }, [chain]));
      ids.push(id);
    }
    miner = setInterval(() => node.mine(), 100);
    const start = () => {
      const signer = spawnSigner({ databaseUrl: database.url!, chains: [chain], keyFile, keyring, xpub: XPUB, env: { CORRIDOR_TRON_XPUB: TRON_XPUB, CORRIDOR_SIGNER_SEED_FILE: seedFile, CORRIDOR_SWEEP_INTERVAL_SECONDS: '1' } });
      running.push(signer);
      return signer;
    };
    for (let kill = 0; kill < KILLS; kill += 1) {
      const signer = start();
      await signer.started;
      await sleep(100 + random(1_200));
      await stopSigner(signer, 'SIGKILL');
    }
    const last = start();
    await last.started;
    const deadline = Date.now() + 120_000;
    for (;;) {
      const rows = await database.db.select({ state: chainSends.state }).from(chainSends).where(eq(chainSends.chain, chain.key));
      const sweeps = await database.db.select({ state: chainSweeps.state }).from(chainSweeps).where(eq(chainSweeps.chain, chain.key));
      if (rows.every((row) => row.state === 'CONFIRMED') && sweeps.length === SWEPT_ADDRESSES && sweeps.every((row) => row.state === 'SWEPT')) break;
      if (Date.now() > deadline) throw new Error(`not settled (seed ${seed}): ${rows.map((row) => row.state).join(',')}; sweeps ${sweeps.map((row) => row.state).join(',')}`);
      await sleep(250);
    }
    await stopSigner(last, 'SIGTERM');
    clearInterval(miner);

    const sends = await database.db.select().from(chainSends).where(eq(chainSends.chain, chain.key));
    const attempts = await database.db.select().from(chainSendAttempts).where(inArray(chainSendAttempts.sendId, sends.map((send) => send.id)));
    for (const send of sends) expect(attempts.filter((a) => a.sendId === send.id && node.included.has(a.txHash)), send.id).toHaveLength(1);
    // The withdrawals, and one top-up and one transfer per deposit address.
    expect(sends).toHaveLength(SENDS + 2 * SWEPT_ADDRESSES);
    expect(node.included.size).toBe(SENDS + 2 * SWEPT_ADDRESSES);
    const included = [...node.included.values()];
    for (const { address, amount } of deposits) {
      expect(included.filter((tx) => tx.transfer?.kind === 'trx' && tx.transfer.to === address), address).toHaveLength(1);
      expect(included.filter((tx) => tx.transfer?.kind === 'trc20' && tx.transfer.from === address).map((tx) => [tx.transfer!.to, tx.transfer!.amount]), address).toEqual([[chain.hotWallet, amount]]);
    }
    const stored = new Set(attempts.map((a) => a.rawTx));
    expect(node.broadcasts.filter((b) => !stored.has(b.hex))).toEqual([]);
    const counts = await settlementCounts(database.db);
    for (const id of ids) expect(counts.get(id), id).toEqual({ signed: 1, broadcast: 1, confirmed: 1 });
    for (const signer of running) {
      expect(signer.output().toLowerCase()).not.toContain(privateKey.slice(2));
      expect(signer.output()).not.toContain(MNEMONIC);
    }
  });
});
