import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chainSendAttempts, chainSends, chainSweeps } from '../../db/schema';
import { creditedTronAddress } from '../../tests/chain/credited-tron-address';
import { createSettlementTable, tableSettlement } from '../../tests/chain/recording-settlement';
import { signerKeyringText, sleep } from '../../tests/chain/signer-fixture';
import { FEE_SUN, startTronStandIn, TRX_TRANSFER_FEE_SUN, type TronStandIn } from '../../tests/chain/tron-node-stand-in';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import type { ChainConfig } from '../chains/chains';
import { parseKeyring } from '../crypto/keyring';
import { checkLedgerInvariants } from '../ledger/check-invariants';
import { hotWalletSummary } from '../withdrawals/hot-wallet-summary';
import { encryptDepositSeed, loadTronDepositSeed } from './deposit-seed';
import type { DepositAccounts } from './deposit-accounts';
import { writeHotWalletSettings } from './hot-wallet-settings';
import { queueChainSend } from './queue-chain-send';
import { startSigner } from './start-signer';
import { sweepSettlements } from './sweeps/sweep-settlement';
import { tronSignerOf } from './tron/tron-signer-chain';

/**
 * Sweeps on TRON against the stand-in node (tests/chain/tron-node-stand-in.ts; docs/wallet-tron.md,
 * "Sweeps on TRON"): each deposit address above the threshold gets one TRX top-up from the hot
 * wallet, then, once that is `confirmations` deep, one TRC-20 transfer of its USDT to the hot
 * wallet, signed by the key the seed derives for it; stored before broadcast, never sent twice
 * when a reply is lost; a reverted sweep is FAILED and the next plan sweeps the address again. The
 * seed's TRON keys themselves are tested in deposit-seed.test.ts.
 */
const CONFIRMATIONS = 3;
const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USDT = 1_000_000n;
const TRX = 1_000_000n;
/** The default fee limit (100 TRX) plus the 1 TRX bandwidth allowance: one sweep's top-up. */
const TOPUP = 101n * TRX;

let database: TestDatabase;
let node: TronStandIn;
let depositAccounts: DepositAccounts;
let stops: Array<() => Promise<void>> = [];
let miner: NodeJS.Timeout | undefined;
let chainCounter = 0;
let nextIndex = 0;

function tronChain(): ChainConfig {
  const key = `tron-sweep-${++chainCounter}`;
  return { key, family: 'tron', name: key, network: 'local', tokens: { USDT: { contract: USDT_CONTRACT, decimals: 6 } }, confirmations: CONFIRMATIONS, pollIntervalMs: 100, maxBlockRange: 10, minimumDeposit: '1', rpcUrl: node.url, nativeSymbol: 'TRX' };
}

/** A hot wallet with `usdt` USDT and 10,000 TRX on the stand-in. */
function hotWallet(usdt: bigint): { key: PrivateKeyAccount; address: string } {
  const key = privateKeyToAccount(generatePrivateKey());
  const address = tronSignerOf(key).address;
  node.setBalance(address, { trx: 10_000n * TRX, token: usdt * USDT });
  return { key, address };
}

function signer(chain: ChainConfig, key: PrivateKeyAccount, sweeps = true) {
  const stop = startSigner({
    db: database.db,
    chains: [chain],
    key,
    settlements: { withdrawal: tableSettlement, ...(sweeps ? sweepSettlements([chain]) : {}) },
    tronDepositAccounts: sweeps ? depositAccounts : undefined,
    rebroadcastMs: 100,
    balanceEveryMs: 0,
    sweepEveryMs: 0,
    tronExpirationMs: 60_000,
  });
  stops.push(stop);
  return stop;
}

async function until(what: string, check: () => Promise<boolean> | boolean, within = 30_000): Promise<void> {
  const deadline = Date.now() + within;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await sleep(50);
  }
}

async function creditedAddress(chain: ChainConfig, amount: bigint) {
  return creditedTronAddress(database.db, node, chain, nextIndex++, amount);
}

const sweepsOf = (chain: ChainConfig) => database.db.select().from(chainSweeps).where(eq(chainSweeps.chain, chain.key));
const included = () => [...node.included.values()];

/** Each address swept once into `hot`: one TRX top-up to it, in a block `confirmations` deep before its one USDT transfer of `amount` to the hot wallet. */
function expectSweptOnce(hot: string, swept: readonly { address: string; amount: bigint }[]): void {
  for (const { address, amount } of swept) {
    const topups = included().filter((tx) => tx.transfer?.kind === 'trx' && tx.transfer.to === address);
    expect(topups.map((tx) => [tx.transfer!.from, tx.transfer!.amount, tx.success]), address).toEqual([[hot, TOPUP, true]]);
    const transfers = included().filter((tx) => tx.transfer?.kind === 'trc20' && tx.transfer.from === address);
    expect(transfers.map((tx) => [tx.transfer!.to, tx.transfer!.amount, tx.success]), address).toEqual([[hot, amount, true]]);
    expect(transfers[0]!.block.number - topups[0]!.block.number + 1n).toBeGreaterThan(BigInt(CONFIRMATIONS));
    expect(node.balanceOf(address)).toEqual({ token: 0n, trx: TOPUP - FEE_SUN });
  }
}

beforeAll(async () => {
  database = await createTestDatabase({ maxConnections: 8 });
  await createSettlementTable(database.db);
  const keyring = parseKeyring(signerKeyringText());
  const seedFile = join(mkdtempSync(join(tmpdir(), 'corridor-seed-')), 'deposit-seed.json');
  const { xpub, tronXpub, file } = encryptDepositSeed(keyring, MNEMONIC);
  writeFileSync(seedFile, file, { mode: 0o600 });
  depositAccounts = loadTronDepositSeed(keyring, seedFile, xpub, tronXpub);
});
afterAll(async () => {
  await database?.close();
});
afterEach(async () => {
  clearInterval(miner);
  await Promise.all(stops.map((stop) => stop()));
  stops = [];
  await node?.close();
});

describe('sweeps on TRON (stand-in node, PostgreSQL)', () => {
  it('tops up then sweeps each address above the threshold once; below it nothing; a withdrawal below the target waits until the sweeps refill the hot wallet', { timeout: 90_000 }, async () => {
    node = await startTronStandIn();
    const chain = tronChain();
    const hot = hotWallet(100n);
    const addresses = [];
    for (const amount of [400n, 250n, 375n, 120n].map((n) => n * USDT + 123n)) addresses.push(await creditedAddress(chain, amount));
    const small = await creditedAddress(chain, 40n * USDT);
    const cold = tronSignerOf(privateKeyToAccount(generatePrivateKey())).address;
    await writeHotWalletSettings(database.db, { sweepThreshold: '100', targets: { [chain.key]: '1000' }, coldAddresses: { [chain.key]: cold } });
    const { id: withdrawalId } = await database.db.transaction((tx) =>
      queueChainSend(tx, { chain: chain.key, purpose: 'withdrawal', referenceId: crypto.randomUUID(), toAddress: tronSignerOf(privateKeyToAccount(generatePrivateKey())).address, amount: '50' }, [chain]),
    );
    const withdrawal = async () => (await database.db.select().from(chainSends).where(eq(chainSends.id, withdrawalId)))[0]!;

    // Without the seed: the withdrawal waits below the target, nothing is signed.
    const stop = signer(chain, hot.key, false);
    await until('the withdrawal waits below the target', async () => (await withdrawal()).waitReason === 'below_target');
    await until('the hot wallet read', async () => (await hotWalletSummary(database.db, [chain]))[0]!.balance !== null);
    await stop();
    // The operators' page flags the TRON wallet as it does an EVM one.
    expect((await hotWalletSummary(database.db, [chain]))[0]).toMatchObject({ balance: '100.000000', target: '1000', belowTarget: true, excess: null, waiting: { belowTarget: 1 } });
    expect(node.broadcasts).toEqual([]);

    signer(chain, hot.key);
    miner = setInterval(() => node.mine(), 60);
    await until('every sweep swept', async () => {
      const sweeps = await sweepsOf(chain);
      return sweeps.length === addresses.length && sweeps.every((sweep) => sweep.state === 'SWEPT');
    });
    await until('the withdrawal confirmed', async () => (await withdrawal()).state === 'CONFIRMED');

    expectSweptOnce(hot.address, addresses);
    const sweeps = await sweepsOf(chain);
    for (const { address, index, amount } of addresses) {
      // The TRX each send burnt is recorded on the sweep, in sun: the platform's gas expense, as on EVM.
      expect(sweeps.find((row) => row.address === address)).toMatchObject({
        derivationIndex: index,
        toAddress: hot.address,
        amount: (Number(amount) / 1e6).toFixed(6),
        topupValue: TOPUP.toString(),
        topupGasSpent: TRX_TRANSFER_FEE_SUN.toString(),
        sweepGasSpent: FEE_SUN.toString(),
      });
    }
    expect(sweeps.find((row) => row.address === small.address)).toBeUndefined();
    expect(included().some((tx) => tx.transfer?.to === small.address || tx.transfer?.from === small.address)).toBe(false);
    expect(node.balanceOf(small.address).token).toBe(40n * USDT);

    const swept = addresses.reduce((sum, { amount }) => sum + amount, 0n);
    expect(node.balanceOf(hot.address).token).toBe(100n * USDT + swept - 50n * USDT);
    // Every broadcast carried bytes stored with their send; each send has one transaction in a block.
    const sends = await database.db.select().from(chainSends).where(eq(chainSends.chain, chain.key));
    expect(sends.filter((send) => send.purpose === 'gas_topup')).toHaveLength(addresses.length);
    expect(sends.filter((send) => send.purpose === 'sweep').map((send) => send.fromAddress).sort()).toEqual(addresses.map(({ address }) => address).sort());
    expect(sends.every((send) => send.state === 'CONFIRMED')).toBe(true);
    const attempts = await database.db.select().from(chainSendAttempts).where(inArray(chainSendAttempts.sendId, sends.map((send) => send.id)));
    const stored = new Set(attempts.map((attempt) => attempt.rawTx));
    expect(node.broadcasts.filter((broadcast) => !stored.has(broadcast.hex))).toEqual([]);
    expect(node.included.size).toBe(sends.length);
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
    // Above the target now: the excess is flagged for the cold address, by hand.
    const excess = (100n * USDT + swept - 50n * USDT - 1_000n * USDT).toString().padStart(7, '0');
    await until('the excess flagged', async () => (await hotWalletSummary(database.db, [chain]))[0]!.excess !== null);
    expect((await hotWalletSummary(database.db, [chain]))[0]).toMatchObject({ belowTarget: false, excess: `${excess.slice(0, -6)}.${excess.slice(-6)}`, coldAddress: cold });
  });

  it('a lost broadcast reply sends nothing twice: the duplicate answer takes the same bytes', { timeout: 60_000 }, async () => {
    node = await startTronStandIn();
    const chain = tronChain();
    const hot = hotWallet(0n);
    const addresses = [await creditedAddress(chain, 150n * USDT), await creditedAddress(chain, 260n * USDT + 1n)];
    await writeHotWalletSettings(database.db, { sweepThreshold: '100', targets: {} });
    // Replies lost for the top-ups' first broadcasts and the transfers' (dropped while no block is made).
    node.dropReplies = 2;
    signer(chain, hot.key);
    await until('the top-ups taken', () => node.broadcasts.filter((b) => b.answer === 'DUP_TRANSACTION_ERROR').length >= 2);
    miner = setInterval(() => {
      if (node.dropReplies === 0 && node.broadcasts.length > 0 && node.included.size === 2) node.dropReplies = 2;
      node.mine();
    }, 60);
    await until('swept', async () => {
      const sweeps = await sweepsOf(chain);
      return sweeps.length === 2 && sweeps.every((sweep) => sweep.state === 'SWEPT');
    });
    expectSweptOnce(hot.address, addresses);
    const sends = await database.db.select().from(chainSends).where(eq(chainSends.chain, chain.key));
    const attempts = await database.db.select().from(chainSendAttempts).where(inArray(chainSendAttempts.sendId, sends.map((send) => send.id)));
    expect(attempts).toHaveLength(4);
    expect(new Set(node.broadcasts.map((b) => b.hex))).toEqual(new Set(attempts.map((attempt) => attempt.rawTx)));
    expect(node.included.size).toBe(4);
  });

  it('a reverted sweep is FAILED, the USDT stays on the address, and the next plan sweeps it once', { timeout: 60_000 }, async () => {
    node = await startTronStandIn();
    const chain = tronChain();
    const hot = hotWallet(0n);
    const deposit = await creditedAddress(chain, 300n * USDT);
    await writeHotWalletSettings(database.db, { sweepThreshold: '100', targets: {} });
    let reverted: string | undefined;
    node.reverts = (txId, transfer) => {
      if (reverted === undefined && transfer?.kind === 'trc20') reverted = txId;
      return reverted === txId;
    };
    signer(chain, hot.key);
    miner = setInterval(() => node.mine(), 60);
    await until('swept after the revert', async () => (await sweepsOf(chain)).some((sweep) => sweep.state === 'SWEPT'));

    const sweeps = await sweepsOf(chain);
    expect(sweeps.map((sweep) => sweep.state).sort()).toEqual(['FAILED', 'SWEPT']);
    const failed = sweeps.find((sweep) => sweep.state === 'FAILED')!;
    expect(failed).toMatchObject({ failureReason: 'transfer reverted on chain', sweepGasSpent: null });
    const [failedSend] = await database.db.select().from(chainSends).where(and(eq(chainSends.purpose, 'sweep'), eq(chainSends.referenceId, failed.id)));
    expect(failedSend).toMatchObject({ state: 'FAILED', txHash: reverted, gasSpent: FEE_SUN.toString() });
    // The second sweep's top-up is only what the revert burnt: the address kept the rest.
    const second = sweeps.find((sweep) => sweep.state === 'SWEPT')!;
    expect(second).toMatchObject({ amount: '300.000000', topupValue: FEE_SUN.toString() });
    const transfers = included().filter((tx) => tx.transfer?.kind === 'trc20' && tx.transfer.from === deposit.address);
    expect(transfers.map((tx) => tx.success)).toEqual([false, true]);
    expect(node.balanceOf(hot.address).token).toBe(300n * USDT);
    expect(node.balanceOf(deposit.address).token).toBe(0n);
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
  });
});
