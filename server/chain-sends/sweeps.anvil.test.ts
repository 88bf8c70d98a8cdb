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
import { localChain, settlementCounts, signerKeyringText, sleep, TRANSFER, XPUB } from '../../tests/chain/signer-fixture';
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

describe.runIf(process.env.TEST_DATABASE_URL && anvilBinary())('gas safety and sweeps (anvil, PostgreSQL)', () => {
  let anvil: Anvil;
  let database: TestDatabase;
  let token: Address;
  let nextIndex = 0;

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

  /** Native transfers (value > 0) from `from` to `to`, counted from every block's transactions. */
  async function nativeTransfers(from: Address, to: Address): Promise<number> {
    const head = await anvil.client.getBlockNumber();
    let count = 0;
    for (let n = 0n; n <= head; n += 1n) {
      const block = await anvil.client.getBlock({ blockNumber: n, includeTransactions: true });
      count += block.transactions.filter((tx) => tx.from.toLowerCase() === from.toLowerCase() && tx.to?.toLowerCase() === to.toLowerCase() && tx.value > 0n).length;
    }
    return count;
  }

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
        // On chain: one gas top-up from the hot wallet, one USDT transfer from the address, of the whole amount.
        expect(await nativeTransfers(key.address, address)).toBe(1);
        const logs = await anvil.client.getLogs({ address: token, event: TRANSFER, args: { from: address }, fromBlock: 0n, toBlock: 'latest', strict: true });
        expect(logs.map((log) => [log.args.to, log.args.value])).toEqual([[key.address, amounts[i]]]);
        expect(await anvil.client.getTransactionCount({ address })).toBe(1);
        expect(BigInt(sweep.topupGasSpent!)).toBeGreaterThan(0n);
        expect(BigInt(sweep.sweepGasSpent!)).toBeGreaterThan(0n);
      }
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
});

const TRANSFER_BALANCE = { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }], outputs: [{ name: '', type: 'uint256' }] } as const;
