import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { parseEther, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { chainDeposits, chainSendAttempts, chainSends, chainSweeps, depositAddresses } from '../../db/schema';
import { anvilBinary, deployToken, mintTo, startAnvil, type Anvil } from '../../tests/chain/anvil';
import { createSettlementTable, tableSettlement } from '../../tests/chain/recording-settlement';
import { fundedHotWallet, generator, localChain, settlementCounts, signerKeyringText, sleep, TRANSFER, XPUB } from '../../tests/chain/signer-fixture';
import { spawnSigner, stopSigner, type SignerProcess } from '../../tests/chain/signer-process';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import type { ChainConfig } from '../chains/chains';
import { evmAddressDeriver } from '../chains/evm/evm-address-deriver';
import { parseKeyring } from '../crypto/keyring';
import { checkLedgerInvariants } from '../ledger/check-invariants';
import { encryptDepositSeed, loadDepositSeed } from './deposit-seed';
import { writeHotWalletSettings } from './hot-wallet-settings';
import { queueChainSend } from './queue-chain-send';
import { startSigner } from './start-signer';
import { sweepSettlements } from './sweeps/sweep-settlement';

/**
 * Gas safety and sweeps against a real node (docs/wallet.md, "Gas and balances", "Sweeps",
 * "Target balance and cold storage"): a hot wallet without gas signs nothing; deposit addresses
 * are swept with one top-up and one transfer each; withdrawals wait below the target until the
 * sweeps refill the wallet.
 */
const DECIMALS = 6;
const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const USDT = 10n ** BigInt(DECIMALS);
const KILLS = 3;

describe.runIf(process.env.TEST_DATABASE_URL && anvilBinary())('gas safety and sweeps (anvil, PostgreSQL)', () => {
  let anvil: Anvil;
  let database: TestDatabase;
  let token: Address;
  let nextIndex = 0;
  const running: SignerProcess[] = [];

  async function until(what: string, check: () => Promise<boolean>, within = 30_000): Promise<void> {
    const deadline = Date.now() + within;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
      await sleep(100);
    }
  }

  const sendsOf = (chain: ChainConfig) => database.db.select().from(chainSends).where(eq(chainSends.chain, chain.key));

  /** A deposit address of the seed with `amount` USDT on chain and credited by the watcher (as its deposit rows say). */
  async function creditedAddress(db: Db, chain: ChainConfig, amount: bigint): Promise<{ index: number; address: Address }> {
    const index = nextIndex++;
    const address = evmAddressDeriver.deriveAddress(XPUB, index) as Address;
    const [row] = await db.insert(depositAddresses).values({ ownerType: 'trader', ownerId: crypto.randomUUID(), family: 'evm', derivationIndex: index, address }).returning();
    const hash = await mintTo(anvil, token, address, amount);
    await anvil.client.mine({ blocks: 1 });
    const receipt = await anvil.client.waitForTransactionReceipt({ hash });
    await db.insert(chainDeposits).values({
      chainKey: chain.key,
      txHash: hash,
      logIndex: 0,
      token,
      address,
      depositAddressId: row!.id,
      ownerType: 'trader',
      ownerId: row!.ownerId,
      baseAmount: amount.toString(),
      amount: (Number(amount) / Number(USDT)).toFixed(6),
      blockNumber: receipt.blockNumber,
      blockHash: receipt.blockHash,
      state: 'CREDITED',
      creditedAt: new Date(),
    });
    return { index, address };
  }

  /** Native transfers (value > 0) from `from`, per recipient (lower case), counted from every block's transactions. */
  async function nativeTransfersFrom(from: Address): Promise<Map<string, number>> {
    const head = await anvil.client.getBlockNumber();
    const counts = new Map<string, number>();
    for (let n = 0n; n <= head; n += 1n) {
      const block = await anvil.client.getBlock({ blockNumber: n, includeTransactions: true });
      for (const tx of block.transactions) {
        if (tx.from.toLowerCase() !== from.toLowerCase() || !tx.to || tx.value === 0n) continue;
        counts.set(tx.to.toLowerCase(), (counts.get(tx.to.toLowerCase()) ?? 0) + 1);
      }
    }
    return counts;
  }

  /** Each address swept once into `hot`: one top-up to it, one USDT transfer from it of its whole credited amount. */
  async function expectSweptOnce(hot: Address, swept: readonly { address: Address; amount: bigint }[]): Promise<void> {
    const topups = await nativeTransfersFrom(hot);
    for (const { address, amount } of swept) {
      expect(topups.get(address.toLowerCase()), address).toBe(1);
      const logs = await anvil.client.getLogs({ address: token, event: TRANSFER, args: { from: address }, fromBlock: 0n, toBlock: 'latest', strict: true });
      expect(logs.map((log) => [log.args.to, log.args.value])).toEqual([[hot, amount]]);
      expect(await anvil.client.getTransactionCount({ address })).toBe(1);
    }
  }

  beforeAll(async () => {
    anvil = await startAnvil();
    database = await createTestDatabase({ maxConnections: 5 });
    await createSettlementTable(database.db);
    token = await deployToken(anvil, DECIMALS);
  });
  afterAll(async () => {
    await Promise.all(running.map((signer) => stopSigner(signer, 'SIGKILL')));
    await database?.close();
    await anvil?.stop();
  });

  it('a hot wallet without gas signs nothing and says why; once funded the send goes, with an estimated gas limit', { timeout: 60_000 }, async () => {
    const chain = localChain('anvil-no-gas', anvil, token, DECIMALS);
    const key = privateKeyToAccount(generatePrivateKey());
    await mintTo(anvil, token, key.address, 1_000n * USDT);
    await anvil.client.mine({ blocks: 1 });
    const stop = startSigner({ db: database.db, chains: [chain], key, settlements: { withdrawal: tableSettlement }, rebroadcastMs: 200 });
    const miner = setInterval(() => void anvil.client.mine({ blocks: 1 }).catch(() => {}), 200);
    try {
      const recipient = privateKeyToAccount(generatePrivateKey()).address;
      const { id } = await database.db.transaction((tx) => queueChainSend(tx, { chain: chain.key, purpose: 'withdrawal', referenceId: crypto.randomUUID(), toAddress: recipient, amount: '12.5' }, [chain]));
      await until('waiting for gas', async () => (await sendsOf(chain))[0]?.waitReason === 'gas');
      await sleep(1_000);
      const [waiting] = await sendsOf(chain);
      expect(waiting).toMatchObject({ state: 'QUEUED', waitReason: 'gas' });
      expect(await database.db.select().from(chainSendAttempts).where(eq(chainSendAttempts.sendId, id))).toEqual([]);
      expect(await anvil.client.getTransactionCount({ address: key.address })).toBe(0);

      await anvil.client.sendTransaction({ to: key.address, value: parseEther('1') });
      await until('confirmed', async () => (await sendsOf(chain))[0]?.state === 'CONFIRMED');
      const [sent] = await sendsOf(chain);
      expect(sent).toMatchObject({ waitReason: null, waitingSince: null });
      const [attempt] = await database.db.select().from(chainSendAttempts).where(eq(chainSendAttempts.sendId, id));
      // The node's estimate plus a quarter, not the fixed 100,000.
      expect(BigInt(attempt!.gasLimit)).toBeLessThan(100_000n);
      expect(BigInt(attempt!.gasLimit)).toBeGreaterThan(21_000n);
      expect(await anvil.client.getTransactionCount({ address: key.address })).toBe(1);
      expect((await settlementCounts(database.db)).get(id)).toEqual({ signed: 1, broadcast: 1, confirmed: 1 });
    } finally {
      clearInterval(miner);
      await stop();
    }
  });

  it('sweeps each deposit address once (one top-up, one transfer); withdrawals wait below the target and go once the sweeps refill it', { timeout: 60_000 }, async () => {
    const chain = localChain('anvil-sweep', anvil, token, DECIMALS);
    const keyring = parseKeyring(signerKeyringText());
    const seedFile = join(mkdtempSync(join(tmpdir(), 'corridor-seed-')), 'deposit-seed.json');
    writeFileSync(seedFile, encryptDepositSeed(keyring, MNEMONIC).file, { mode: 0o600 });
    const depositAccounts = loadDepositSeed(keyring, seedFile, XPUB);

    const key = privateKeyToAccount(generatePrivateKey());
    await anvil.client.sendTransaction({ to: key.address, value: parseEther('10') });
    await mintTo(anvil, token, key.address, 100n * USDT);
    await anvil.client.mine({ blocks: 1 });
    const amounts = [400n, 250n, 375n, 120n].map((n) => n * USDT + 123n);
    const addresses = [];
    for (const amount of amounts) addresses.push(await creditedAddress(database.db, chain, amount));
    // Below the threshold: left where it is.
    const small = await creditedAddress(database.db, chain, 40n * USDT);
    await writeHotWalletSettings(database.db, { sweepThreshold: '100', targets: { [chain.key]: '1000' } });

    // A withdrawal queued while the wallet (100 USDT) is below its target (1,000).
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const { id: withdrawalId } = await database.db.transaction((tx) =>
      queueChainSend(tx, { chain: chain.key, purpose: 'withdrawal', referenceId: crypto.randomUUID(), toAddress: recipient, amount: '50' }, [chain]),
    );
    const startWith = (sweeps: boolean) =>
      startSigner({
        db: database.db,
        chains: [chain],
        key,
        settlements: { withdrawal: tableSettlement, ...(sweeps ? sweepSettlements([chain]) : {}) },
        depositAccounts: sweeps ? depositAccounts : undefined,
        rebroadcastMs: 200,
        sweepEveryMs: 0,
      });
    const miner = setInterval(() => void anvil.client.mine({ blocks: 1 }).catch(() => {}), 200);
    let stop = startWith(false);
    try {
      await until('the withdrawal waits below the target', async () => (await database.db.select().from(chainSends).where(eq(chainSends.id, withdrawalId)))[0]?.waitReason === 'below_target');
      await sleep(600);
      expect(await anvil.client.getTransactionCount({ address: key.address })).toBe(0);
      await stop();

      stop = startWith(true);
      await until('every sweep swept', async () => {
        const sweeps = await database.db.select().from(chainSweeps).where(eq(chainSweeps.chain, chain.key));
        return sweeps.length === amounts.length && sweeps.every((sweep) => sweep.state === 'SWEPT');
      });
      await until('the withdrawal confirmed', async () => (await database.db.select().from(chainSends).where(eq(chainSends.id, withdrawalId)))[0]?.state === 'CONFIRMED');

      const sweeps = await database.db.select().from(chainSweeps).where(eq(chainSweeps.chain, chain.key));
      for (const [i, { address, index }] of addresses.entries()) {
        const sweep = sweeps.find((row) => row.address === address)!;
        expect(sweep).toMatchObject({ derivationIndex: index, toAddress: key.address, amount: (Number(amounts[i]!) / 1e6).toFixed(6) });
        expect(BigInt(sweep.topupGasSpent!)).toBeGreaterThan(0n);
        expect(BigInt(sweep.sweepGasSpent!)).toBeGreaterThan(0n);
      }
      // On chain: one gas top-up from the hot wallet, one USDT transfer from each address, of the whole amount.
      await expectSweptOnce(key.address, addresses.map(({ address }, i) => ({ address, amount: amounts[i]! })));
      expect(sweeps.find((row) => row.address === small.address)).toBeUndefined();
      expect(await anvil.client.readContract({ address: token, abi: [TRANSFER_BALANCE], functionName: 'balanceOf', args: [small.address] })).toBe(40n * USDT);

      // The hot wallet: 100 + the swept sum − the withdrawal; its nonces: one per top-up, then the withdrawal.
      const swept = amounts.reduce((sum, amount) => sum + amount, 0n);
      expect(await anvil.client.readContract({ address: token, abi: [TRANSFER_BALANCE], functionName: 'balanceOf', args: [key.address] })).toBe(100n * USDT + swept - 50n * USDT);
      expect(await anvil.client.getTransactionCount({ address: key.address })).toBe(amounts.length + 1);
      const sends = await database.db.select().from(chainSends).where(and(eq(chainSends.chain, chain.key), inArray(chainSends.purpose, ['gas_topup', 'sweep'])));
      expect(sends.filter((send) => send.purpose === 'gas_topup')).toHaveLength(amounts.length);
      expect(sends.filter((send) => send.purpose === 'sweep')).toHaveLength(amounts.length);
      expect(sends.every((send) => send.state === 'CONFIRMED')).toBe(true);
      expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
    } finally {
      clearInterval(miner);
      await stop();
    }
  });

  it('the signer process killed -9 mid-sweep and restarted sends nothing twice', { timeout: 150_000 }, async () => {
    const chain = localChain('anvil-sweep-crash', anvil, token, DECIMALS);
    const wallet = await fundedHotWallet(anvil, token, 1n);
    const seedFile = join(mkdtempSync(join(tmpdir(), 'corridor-seed-')), 'deposit-seed.json');
    writeFileSync(seedFile, encryptDepositSeed(parseKeyring(wallet.keyring), MNEMONIC).file, { mode: 0o600 });
    const seed = Number(process.env.SWEEP_CRASH_SEED ?? Date.now() % 1_000_000_007);
    const random = generator(seed);
    const swept: { address: Address; amount: bigint }[] = [];
    for (let i = 0; i < 5; i += 1) {
      const amount = (100n + BigInt(random(900))) * USDT + BigInt(random(1_000_000));
      swept.push({ address: (await creditedAddress(database.db, chain, amount)).address, amount });
    }
    const start = () => {
      const signer = spawnSigner({
        databaseUrl: database.url!,
        chains: [chain],
        keyFile: wallet.keyFile,
        keyring: wallet.keyring,
        xpub: XPUB,
        env: { CORRIDOR_SIGNER_SEED_FILE: seedFile, CORRIDOR_SWEEP_INTERVAL_SECONDS: '1', CORRIDOR_SIGNER_REBROADCAST_SECONDS: '1' },
      });
      running.push(signer);
      return signer;
    };
    const sweepStates = async () => {
      const rows = await database.db.select({ state: chainSweeps.state }).from(chainSweeps).where(eq(chainSweeps.chain, chain.key));
      return ['TOPPING_UP', 'SWEEPING', 'SWEPT'].map((state) => rows.filter((row) => row.state === state).length).join('/');
    };
    const miner = setInterval(() => void anvil.client.mine({ blocks: 1 }).catch(() => {}), 200);
    const killedAt: string[] = [];
    try {
      for (let kill = 0; kill < KILLS; kill += 1) {
        const signer = start();
        await signer.started;
        // After the start: planning, topping up, sweeping (the first tick takes a second or so).
        await sleep(500 + random(2_500));
        await stopSigner(signer, 'SIGKILL');
        killedAt.push(await sweepStates());
      }
      const last = start();
      await last.started;
      try {
        await until('every address swept', async () => (await sweepStates()) === `0/0/${swept.length}`, 45_000);
      } catch (error) {
        const sends = await database.db.select({ purpose: chainSends.purpose, state: chainSends.state, waitReason: chainSends.waitReason }).from(chainSends).where(eq(chainSends.chain, chain.key));
        throw new Error(`${String(error)}; sweeps ${await sweepStates()}; sends ${JSON.stringify(sends)}; kills ${killedAt.join(' ')}\n${last.output().slice(-3000)}`);
      }
      await stopSigner(last, 'SIGTERM');
      expect(await last.exited).toBe(0);
      for (const signer of running) {
        expect(signer.output()).not.toContain(MNEMONIC);
        expect(signer.output().toLowerCase()).not.toContain(wallet.privateKey.slice(2).toLowerCase());
      }

      await expectSweptOnce(wallet.address, swept);
      const total = swept.reduce((sum, { amount }) => sum + amount, 1n);
      expect(await anvil.client.readContract({ address: token, abi: [TRANSFER_BALANCE], functionName: 'balanceOf', args: [wallet.address] })).toBe(total);
      expect(await anvil.client.getTransactionCount({ address: wallet.address })).toBe(swept.length);
      expect(await database.db.select().from(chainSweeps).where(eq(chainSweeps.chain, chain.key))).toHaveLength(swept.length);
      console.log(`sweep kill -9 (seed ${seed}): ${KILLS} kills, ${swept.length} addresses swept once; topping up/sweeping/swept at each kill: ${killedAt.join(' ')}`);
    } finally {
      clearInterval(miner);
    }
  });
});

const TRANSFER_BALANCE = { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }], outputs: [{ name: '', type: 'uint256' }] } as const;
