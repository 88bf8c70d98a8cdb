import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainSendAttempts, chainSends } from '../../db/schema';
import { createSettlementTable } from '../../tests/chain/recording-settlement';
import { generator, settlementCounts, signerKeyringText, sleep, TRON_XPUB, XPUB } from '../../tests/chain/signer-fixture';
import { spawnSigner, stopSigner, type SignerProcess } from '../../tests/chain/signer-process';
import { startTronStandIn, type TronStandIn } from '../../tests/chain/tron-node-stand-in';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import type { ChainConfig } from '../chains/chains';
import { parseKeyring } from '../crypto/keyring';
import { encryptHotWalletKey } from './hot-wallet-key';
import { queueChainSend } from './queue-chain-send';
import { tronSignerOf } from './tron/tron-signer-chain';

/**
 * `npm run signer`'s process on a TRON chain (the stand-in node of tests/chain/tron-node-stand-in.ts),
 * killed -9 at random moments while it signs, broadcasts and confirms, then restarted: each send
 * has exactly one transaction in a block, every broadcast carried stored bytes, and each settlement
 * step committed once (docs/wallet-tron.md, "The signer on TRON").
 */
const SENDS = 16;
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

  it('sends each withdrawal once, whatever the moments it is killed at', { timeout: 240_000 }, async () => {
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
    const recipients = Array.from({ length: 5 }, () => tronSignerOf(privateKeyToAccount(generatePrivateKey())).address);
    const ids: string[] = [];
    for (let i = 0; i < SENDS; i += 1) {
      const amount = `${1 + random(900)}.${String(random(1_000_000)).padStart(6, '0')}`;
      const { id } = await database.db.transaction((tx) => queueChainSend(tx, { chain: chain.key, purpose: 'withdrawal', referenceId: crypto.randomUUID(), toAddress: recipients[random(recipients.length)]!, amount }, [chain]));
      ids.push(id);
    }
    miner = setInterval(() => node.mine(), 100);
    const start = () => {
      const signer = spawnSigner({ databaseUrl: database.url!, chains: [chain], keyFile, keyring, xpub: XPUB, env: { CORRIDOR_TRON_XPUB: TRON_XPUB } });
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
      if (rows.every((row) => row.state === 'CONFIRMED')) break;
      if (Date.now() > deadline) throw new Error(`not settled (seed ${seed}): ${rows.map((row) => row.state).join(',')}`);
      await sleep(250);
    }
    await stopSigner(last, 'SIGTERM');
    clearInterval(miner);

    const attempts = await database.db.select().from(chainSendAttempts).where(inArray(chainSendAttempts.sendId, ids));
    for (const id of ids) expect(attempts.filter((a) => a.sendId === id && node.included.has(a.txHash)), id).toHaveLength(1);
    expect(node.included.size).toBe(SENDS);
    const stored = new Set(attempts.map((a) => a.rawTx));
    expect(node.broadcasts.filter((b) => !stored.has(b.hex))).toEqual([]);
    const counts = await settlementCounts(database.db);
    for (const id of ids) expect(counts.get(id), id).toEqual({ signed: 1, broadcast: 1, confirmed: 1 });
    for (const signer of running) expect(signer.output().toLowerCase()).not.toContain(privateKey.slice(2));
  });
});
