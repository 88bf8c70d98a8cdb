import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq, inArray } from 'drizzle-orm';
import { encodeAbiParameters, keccak256, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainSendAttempts, chainSends } from '../../db/schema';
import { anvilBinary, deployToken, mintTo, startAnvil, type Anvil } from '../../tests/chain/anvil';
import { createSettlementTable, tableSettlement } from '../../tests/chain/recording-settlement';
import { fundedHotWallet, generator, localChain, queueRandomSends, settlementCounts, sleep, TRANSFER } from '../../tests/chain/signer-fixture';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import type { ChainConfig } from '../chains/chains';
import { queueChainSend } from './queue-chain-send';
import { startSigner } from './start-signer';

/**
 * The signer's broadcast rules against a real node (docs/wallet.md, "Sign once"): a broadcast whose
 * answer is lost is settled by the receipt, never by signing again; a transaction stuck in the pool
 * is replaced at its nonce with higher fees and whichever attempt is mined settles the send once.
 */
const DECIMALS = 6;

describe.runIf(process.env.TEST_DATABASE_URL && anvilBinary())('the signer broadcasting (anvil, PostgreSQL)', () => {
  let anvil: Anvil;
  let database: TestDatabase;
  let token: Address;
  const random = generator(Number(process.env.SIGNER_SEED ?? Date.now() % 1_000_000_007));
  const recipients = Array.from({ length: 3 }, () => privateKeyToAccount(generatePrivateKey()).address);

  async function until(what: string, check: () => Promise<boolean>, within = 30_000): Promise<void> {
    const deadline = Date.now() + within;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
      await sleep(100);
    }
  }

  const states = async (chain: ChainConfig) => (await database.db.select({ state: chainSends.state }).from(chainSends).where(eq(chainSends.chain, chain.key))).map((row) => row.state);

  beforeAll(async () => {
    anvil = await startAnvil();
    database = await createTestDatabase({ maxConnections: 5 });
    await createSettlementTable(database.db);
    token = await deployToken(anvil, DECIMALS);
  });
  afterAll(async () => {
    await database?.close();
    await anvil?.stop();
  });

  it('a broadcast whose answer is lost is not sent twice: the same bytes only, settled by the receipt', { timeout: 60_000 }, async () => {
    // A proxy in front of anvil that forwards eth_sendRawTransaction and drops every answer to it.
    const raws: string[] = [];
    const proxy: Server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', async () => {
        const forwarded = await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        const answer = await forwarded.text();
        const call = JSON.parse(body) as { method: string; params: string[] };
        if (call.method === 'eth_sendRawTransaction') {
          raws.push(call.params[0]!);
          request.socket.destroy();
          return;
        }
        response.writeHead(forwarded.status, { 'content-type': 'application/json' }).end(answer);
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const chain = localChain('anvil-lost-answer', anvil, token, DECIMALS, { rpcUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` });
    const wallet = await fundedHotWallet(anvil, token, 10n ** 12n);
    const stop = startSigner({ db: database.db, chains: [chain], key: privateKeyToAccount(wallet.privateKey), settlements: { withdrawal: tableSettlement }, rebroadcastMs: 200, stuckAfterMs: 600_000 });
    const miner = setInterval(() => void anvil.client.mine({ blocks: 1 }).catch(() => {}), 200);
    try {
      const queued = await queueRandomSends(database.db, chain, recipients, 3, random);
      await until('all confirmed', async () => (await states(chain)).every((state) => state === 'CONFIRMED'));
      const ids = queued.map((send) => send.id);
      const attempts = await database.db.select().from(chainSendAttempts).where(inArray(chainSendAttempts.sendId, ids)).orderBy(asc(chainSendAttempts.signedAt));
      // One signed transaction per send; every broadcast, however often repeated, carried those bytes.
      expect(attempts).toHaveLength(3);
      expect(raws.length).toBeGreaterThanOrEqual(3);
      expect(new Set(raws)).toEqual(new Set(attempts.map((attempt) => attempt.rawTx)));
      const logs = await anvil.client.getLogs({ address: token, event: TRANSFER, args: { from: wallet.address }, fromBlock: 0n, toBlock: 'latest', strict: true });
      expect(logs.map((log) => log.transactionHash).sort()).toEqual(attempts.map((attempt) => attempt.txHash).sort());
      expect(await anvil.client.getTransactionCount({ address: wallet.address })).toBe(3);
      const counts = await settlementCounts(database.db);
      for (const id of ids) expect(counts.get(id)).toEqual({ signed: 1, broadcast: 1, confirmed: 1 });
    } finally {
      clearInterval(miner);
      await stop();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('a send the hot wallet cannot cover waits QUEUED, unsigned, until the wallet is topped up', { timeout: 60_000 }, async () => {
    const chain = localChain('anvil-short', anvil, token, DECIMALS);
    const wallet = await fundedHotWallet(anvil, token, 10_000_000n);
    const stop = startSigner({ db: database.db, chains: [chain], key: privateKeyToAccount(wallet.privateKey), settlements: { withdrawal: tableSettlement }, rebroadcastMs: 200 });
    const miner = setInterval(() => void anvil.client.mine({ blocks: 1 }).catch(() => {}), 200);
    try {
      const { id } = await database.db.transaction((tx) =>
        queueChainSend(tx, { chain: chain.key, purpose: 'withdrawal', referenceId: crypto.randomUUID(), toAddress: recipients[0]!, amount: '10.000001' }, [chain]),
      );
      await sleep(1_500);
      expect(await states(chain)).toEqual(['QUEUED']);
      expect(await database.db.select().from(chainSendAttempts).where(eq(chainSendAttempts.sendId, id))).toEqual([]);
      expect(await anvil.client.getTransactionCount({ address: wallet.address })).toBe(0);

      await mintTo(anvil, token, wallet.address, 1n);
      await until('confirmed', async () => (await states(chain))[0] === 'CONFIRMED');
      expect(await anvil.client.getTransactionCount({ address: wallet.address })).toBe(1);
    } finally {
      clearInterval(miner);
      await stop();
    }
  });

  it('a transfer the chain reverts ends FAILED, settled once as failed, with the gas it spent', { timeout: 60_000 }, async () => {
    const chain = localChain('anvil-revert', anvil, token, DECIMALS);
    const wallet = await fundedHotWallet(anvil, token, 10_000_000n);
    await anvil.client.setAutomine(false);
    const stop = startSigner({ db: database.db, chains: [chain], key: privateKeyToAccount(wallet.privateKey), settlements: { withdrawal: tableSettlement }, rebroadcastMs: 200, stuckAfterMs: 600_000 });
    try {
      const [send] = await queueRandomSends(database.db, chain, recipients, 1, () => 0);
      await until('broadcast', async () => (await states(chain))[0] === 'BROADCAST');
      // The wallet's token balance taken away (storage slot of balanceOf[wallet]) before the block is mined.
      const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [wallet.address, 3n]));
      await anvil.client.setStorageAt({ address: token, index: slot, value: `0x${'0'.repeat(64)}` });
      await anvil.client.setAutomine(true);
      await anvil.client.mine({ blocks: 3 });
      await until('failed', async () => (await states(chain))[0] === 'FAILED');

      const [row] = await database.db.select().from(chainSends).where(eq(chainSends.id, send!.id));
      expect(row).toMatchObject({ failureReason: 'reverted on chain' });
      expect(BigInt(row!.gasSpent!)).toBeGreaterThan(0n);
      const logs = await anvil.client.getLogs({ address: token, event: TRANSFER, args: { from: wallet.address }, fromBlock: 0n, toBlock: 'latest', strict: true });
      expect(logs).toEqual([]);
      expect(await anvil.client.getTransactionCount({ address: wallet.address })).toBe(1);
      expect((await settlementCounts(database.db)).get(send!.id)).toEqual({ signed: 1, broadcast: 1, failed: 1 });
    } finally {
      await anvil.client.setAutomine(true);
      await stop();
    }
  });

  it('a stuck transaction is replaced at its nonce with higher fees; the mined one settles the send once', { timeout: 60_000 }, async () => {
    const chain = localChain('anvil-stuck', anvil, token, DECIMALS);
    const wallet = await fundedHotWallet(anvil, token, 10n ** 12n);
    await anvil.client.setAutomine(false);
    const stop = startSigner({ db: database.db, chains: [chain], key: privateKeyToAccount(wallet.privateKey), settlements: { withdrawal: tableSettlement }, rebroadcastMs: 200, stuckAfterMs: 1_000 });
    try {
      const [send] = await queueRandomSends(database.db, chain, recipients, 1, random);
      const attemptsOf = () => database.db.select().from(chainSendAttempts).where(eq(chainSendAttempts.sendId, send!.id)).orderBy(asc(chainSendAttempts.attempt));
      await until('a replacement', async () => (await attemptsOf()).length >= 2);
      const [first, second] = await attemptsOf();
      // Both fees at least 10% up, at the same nonce: what a node takes as a replacement.
      expect(BigInt(second!.maxFeePerGas) * 10n).toBeGreaterThanOrEqual(BigInt(first!.maxFeePerGas) * 11n);
      expect(BigInt(second!.maxPriorityFeePerGas) * 10n).toBeGreaterThanOrEqual(BigInt(first!.maxPriorityFeePerGas) * 11n);
      expect(second!.txHash).not.toBe(first!.txHash);
      expect(await states(chain)).toEqual(['BROADCAST']);

      await anvil.client.mine({ blocks: 1 });
      await anvil.client.setAutomine(true);
      await anvil.client.mine({ blocks: 2 });
      await until('confirmed', async () => (await states(chain))[0] === 'CONFIRMED');

      const attempts = await attemptsOf();
      const [row] = await database.db.select().from(chainSends).where(eq(chainSends.id, send!.id));
      const logs = await anvil.client.getLogs({ address: token, event: TRANSFER, args: { from: wallet.address }, fromBlock: 0n, toBlock: 'latest', strict: true });
      expect(logs).toHaveLength(1);
      expect(logs[0]!.transactionHash).toBe(row!.txHash);
      expect(attempts.map((attempt) => attempt.txHash)).toContain(row!.txHash);
      expect(await anvil.client.getTransactionCount({ address: wallet.address })).toBe(1);
      const counts = await settlementCounts(database.db);
      expect(counts.get(send!.id)).toEqual({ signed: 1, broadcast: 1, confirmed: 1 });
    } finally {
      await anvil.client.setAutomine(true);
      await stop();
    }
  });
});
