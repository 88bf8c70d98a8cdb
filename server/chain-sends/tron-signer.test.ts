import { and, asc, eq, inArray } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chainSendAttempts, chainSends, walletWithdrawals } from '../../db/schema';
import { createSettlementTable, tableSettlement } from '../../tests/chain/recording-settlement';
import { generator, settlementCounts, sleep } from '../../tests/chain/signer-fixture';
import { startTronStandIn, type TronStandIn } from '../../tests/chain/tron-node-stand-in';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { traderWithBalance } from '../../tests/fixtures/parties';
import { signedInOperator } from '../../tests/trpc/trpc-harness';
import { setProcessChainSettings } from '../chains/chain-settings';
import type { ChainConfig } from '../chains/chains';
import { readSignedTransaction } from '../chains/tron/trc20-transfer';
import { accountIds } from '../ledger/account-ids';
import { balanceOf } from '../ledger/balances';
import { checkLedgerInvariants } from '../ledger/check-invariants';
import { addWithdrawalAddress } from '../withdrawals/address-book/add-withdrawal-address';
import { requestWithdrawal } from '../withdrawals/request-withdrawal';
import { reviewWithdrawal } from '../withdrawals/review-withdrawal';
import { withdrawalSettlement } from '../withdrawals/withdrawal-settlement';
import { writeWithdrawalSettings } from '../withdrawals/withdrawal-settings';
import { queueChainSend } from './queue-chain-send';
import { startSigner } from './start-signer';
import { tronSignerOf } from './tron/tron-signer-chain';

/**
 * The signer on TRON against a local stand-in of a java-tron node's HTTP API
 * (tests/chain/tron-node-stand-in.ts; docs/wallet-tron.md, "The signer on TRON"): signed once and
 * stored before any broadcast, only the stored bytes rebroadcast, a duplicate answer taken as
 * success, a new transaction only after the old one provably expired, one signer per send, and a
 * reverted transfer settled as FAILED with the funds returned.
 */
const CONFIRMATIONS = 3;
/** Chain time a transaction stays valid: three blocks of the stand-in. */
const EXPIRATION_MS = 9_000;
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const TRX = 1_000_000n;

let database: TestDatabase;
let node: TronStandIn;
let stops: Array<() => Promise<void>> = [];
let miner: NodeJS.Timeout | undefined;
let keyCounter = 0;
const random = generator(Number(process.env.SIGNER_SEED ?? Date.now() % 1_000_000_007));
const recipients = Array.from({ length: 3 }, () => tronSignerOf(privateKeyToAccount(generatePrivateKey())).address);

function tronChain(key: string): ChainConfig {
  return { key, family: 'tron', name: key, network: 'local', tokens: { USDT: { contract: USDT, decimals: 6 } }, confirmations: CONFIRMATIONS, pollIntervalMs: 100, maxBlockRange: 10, minimumDeposit: '1', rpcUrl: node.url, nativeSymbol: 'TRX' };
}

/** Starts a signer; its hot wallet is funded (USDT and TRX) unless the test funded it already. */
function signer(chain: ChainConfig, key = privateKeyToAccount(generatePrivateKey()), settlements = { withdrawal: tableSettlement }, expirationMs = EXPIRATION_MS) {
  const hot = tronSignerOf(key).address;
  const held = node.balanceOf(hot);
  if (held.trx === 0n && held.token === 0n) node.setBalance(hot, { token: 10n ** 15n, trx: 10_000n * TRX });
  const stop = startSigner({ db: database.db, chains: [chain], key, settlements, rebroadcastMs: 100, balanceEveryMs: 0, tronExpirationMs: expirationMs });
  stops.push(stop);
  return key;
}

function mineEvery(ms: number) {
  miner = setInterval(() => node.mine(), ms);
}

async function until(what: string, check: () => Promise<boolean> | boolean, within = 30_000): Promise<void> {
  const deadline = Date.now() + within;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await sleep(50);
  }
}

async function queue(chain: ChainConfig, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const amount = `${1 + random(5_000)}.${String(random(1_000_000)).padStart(6, '0')}`;
    const { id } = await database.db.transaction((tx) => queueChainSend(tx, { chain: chain.key, purpose: 'withdrawal', referenceId: crypto.randomUUID(), toAddress: recipients[random(recipients.length)]!, amount }, [chain]));
    ids.push(id);
  }
  return ids;
}

const sendsOf = (chain: ChainConfig) => database.db.select().from(chainSends).where(eq(chainSends.chain, chain.key)).orderBy(asc(chainSends.createdAt));
const attemptsOf = (ids: string[]) => database.db.select().from(chainSendAttempts).where(inArray(chainSendAttempts.sendId, ids)).orderBy(asc(chainSendAttempts.attempt));
const allIn = async (chain: ChainConfig, state: string) => (await sendsOf(chain)).every((send) => send.state === state);

beforeAll(async () => {
  database = await createTestDatabase({ maxConnections: 8 });
  await createSettlementTable(database.db);
});
afterAll(async () => {
  setProcessChainSettings(undefined);
  await database?.close();
});
afterEach(async () => {
  clearInterval(miner);
  await Promise.all(stops.map((stop) => stop()));
  stops = [];
  await node?.close();
});

async function freshNode(): Promise<TronStandIn> {
  node = await startTronStandIn();
  return node;
}

describe('the signer on TRON (stand-in node, PostgreSQL)', () => {
  it('signs once and stores the bytes before any broadcast; a lost reply and the duplicate answer after it send nothing new', { timeout: 60_000 }, async () => {
    await freshNode();
    const chain = tronChain(`tron-lost-${++keyCounter}`);
    const [id] = await queue(chain, 1);
    // Every broadcast must find its exact bytes already committed, with the send SIGNED or later.
    const unstoredBroadcasts: string[] = [];
    node.beforeBroadcast = async (txId, hex) => {
      const [attempt] = await database.db.select().from(chainSendAttempts).where(eq(chainSendAttempts.txHash, txId));
      const [send] = await database.db.select().from(chainSends).where(eq(chainSends.id, id!));
      if (!attempt || attempt.rawTx !== hex || send!.state === 'QUEUED') unstoredBroadcasts.push(txId);
    };
    node.dropReplies = 1;
    signer(chain);
    // No block yet: the node keeps the bytes; the first reply is lost, the next one is "duplicate".
    await until('a duplicate answer', () => node.broadcasts.some((b) => b.answer === 'DUP_TRANSACTION_ERROR'));
    await until('broadcast', async () => (await sendsOf(chain))[0]!.state === 'BROADCAST');
    node.mine(CONFIRMATIONS + 1);
    await until('confirmed', () => allIn(chain, 'CONFIRMED'));

    const attempts = await attemptsOf([id!]);
    expect(attempts).toHaveLength(1);
    expect(new Set(node.broadcasts.map((b) => b.hex))).toEqual(new Set([attempts[0]!.rawTx]));
    expect(node.broadcasts[0]!.answer).toBe('SUCCESS');
    expect(unstoredBroadcasts).toEqual([]);
    expect([...node.included.keys()]).toEqual([attempts[0]!.txHash]);
    const [send] = await sendsOf(chain);
    expect(send).toMatchObject({ state: 'CONFIRMED', txHash: attempts[0]!.txHash, gasSpent: '13844850', blockNumber: node.included.get(attempts[0]!.txHash)!.block.number });
    expect((await settlementCounts(database.db)).get(id!)).toEqual({ signed: 1, broadcast: 1, confirmed: 1 });
  });

  it('signs anew only once the old transaction has provably expired, and settles once on whichever is included', { timeout: 60_000 }, async () => {
    await freshNode();
    const chain = tronChain(`tron-expiry-${++keyCounter}`);
    const [id] = await queue(chain, 1);
    node.hold = true;
    signer(chain);
    mineEvery(80);
    await until('three transactions signed', async () => (await attemptsOf([id!])).length >= 3);
    node.hold = false;
    await until('confirmed', () => allIn(chain, 'CONFIRMED'));
    clearInterval(miner);

    const attempts = await attemptsOf([id!]);
    expect(new Set(attempts.map((a) => a.txHash)).size).toBe(attempts.length);
    for (let i = 1; i < attempts.length; i += 1) {
      // When attempt i was signed (its reference block was the head), the block CONFIRMATIONS deep
      // was already past attempt i-1's expiration, and attempt i-1 was in no block.
      const previous = readSignedTransaction(attempts[i - 1]!.rawTx);
      const reference = node.known.get(attempts[i]!.txHash)!.referenceBlock!;
      const final = node.blocks.find((block) => block.number === reference.number - BigInt(CONFIRMATIONS) + 1n)!;
      expect(final.timestamp).toBeGreaterThan(previous.expiration);
      expect(node.included.has(attempts[i - 1]!.txHash)).toBe(false);
    }
    const included = attempts.filter((a) => node.included.has(a.txHash));
    expect(included).toHaveLength(1);
    const [send] = await sendsOf(chain);
    expect(send).toMatchObject({ state: 'CONFIRMED', txHash: included[0]!.txHash });
    const calls = (await settlementCounts(database.db)).get(id!);
    expect(calls).toEqual({ signed: 1, broadcast: 1, confirmed: 1 });
  });

  it('does not sign anew when the transaction enters the last block before its expiration', { timeout: 60_000 }, async () => {
    await freshNode();
    const chain = tronChain(`tron-late-${++keyCounter}`);
    const [id] = await queue(chain, 1);
    node.hold = true;
    signer(chain);
    await until('broadcast', async () => (await sendsOf(chain))[0]!.state === 'BROADCAST');
    const [attempt] = await attemptsOf([id!]);
    const { expiration } = readSignedTransaction(attempt!.rawTx);
    // Blocks without it up to the last one its expiration allows; that one takes it.
    while (node.head().timestamp + 2 * 3_000 < expiration) node.mine();
    node.hold = false;
    node.mine();
    expect(node.included.has(attempt!.txHash)).toBe(true);
    node.mine(CONFIRMATIONS + 3);
    await until('confirmed', () => allIn(chain, 'CONFIRMED'));
    expect(await attemptsOf([id!])).toHaveLength(1);
  });

  it('two signers at once never sign one send', { timeout: 90_000 }, async () => {
    await freshNode();
    const chain = tronChain(`tron-two-${++keyCounter}`);
    const ids = await queue(chain, 12);
    const key = privateKeyToAccount(generatePrivateKey());
    // A minute of chain time (20 blocks): both signers' ticks fit in it even on a busy machine.
    signer(chain, key, undefined, 60_000);
    signer(chain, key, undefined, 60_000);
    mineEvery(60);
    await until('all confirmed', () => allIn(chain, 'CONFIRMED'), 60_000);
    const attempts = await attemptsOf(ids);
    // Each send was signed by one signer, once (a later attempt only after an expiry), and exactly
    // one of its transactions is in a block.
    expect(attempts.filter((a) => a.attempt === 1)).toHaveLength(12);
    for (const id of ids) expect(attempts.filter((a) => a.sendId === id && node.included.has(a.txHash))).toHaveLength(1);
    expect(node.included.size).toBe(12);
    const sends = await sendsOf(chain);
    expect(new Set(sends.map((send) => send.nonce)).size).toBe(12);
    const counts = await settlementCounts(database.db);
    for (const id of ids) expect(counts.get(id)).toEqual({ signed: 1, broadcast: 1, confirmed: 1 });
  });

  it('a send the wallet cannot pay waits with its reason, unsigned, until the wallet can', { timeout: 60_000 }, async () => {
    await freshNode();
    const chain = tronChain(`tron-wait-${++keyCounter}`);
    const key = privateKeyToAccount(generatePrivateKey());
    const hot = tronSignerOf(key).address;
    node.setBalance(hot, { trx: 100n * TRX, token: 10n ** 12n }); // the fee limit (100 TRX) but not the bandwidth allowance on top
    const [id] = await queue(chain, 1);
    signer(chain, key);
    await until('waiting for TRX', async () => (await sendsOf(chain))[0]!.waitReason === 'gas');
    node.setBalance(hot, { trx: 1_000n * TRX, token: 0n });
    await until('waiting for USDT', async () => (await sendsOf(chain))[0]!.waitReason === 'token');
    expect(await attemptsOf([id!])).toHaveLength(0);
    expect(node.broadcasts).toHaveLength(0);
    node.setBalance(hot, { token: 10n ** 12n });
    mineEvery(60);
    await until('confirmed', () => allIn(chain, 'CONFIRMED'));
    expect((await sendsOf(chain))[0]).toMatchObject({ waitReason: null });
  });

  it('a reverted transfer fails the withdrawal and returns its funds in the ledger', { timeout: 60_000 }, async () => {
    await freshNode();
    const chain = tronChain(`tron-revert-${++keyCounter}`);
    const chains = { chains: [chain], xpubs: {} };
    setProcessChainSettings(chains);
    await writeWithdrawalSettings(database.db, { fees: { [chain.key]: '2' }, minimumAmount: '10', ownerDailyLimit: '50000', platformDailyLimit: '500000' });
    const trader = await traderWithBalance(database.db, '500');
    const owner = { type: 'trader', id: trader.traderId } as const;
    const operator = await signedInOperator(database.db);
    const address = await addWithdrawalAddress(database.db, {
      owner,
      userId: trader.userId,
      totpRequired: false,
      input: { chain: chain.key, address: recipients[0]!, label: 'exchange' },
      chains,
      actor: { type: 'trader', id: trader.userId },
      now: new Date(Date.now() - 2 * 24 * 3_600_000),
    });
    const withdrawal = await requestWithdrawal(database.db, { owner, input: { chain: chain.key, addressId: address.id, amount: '120' }, chains, now: new Date() });
    await reviewWithdrawal(database.db, { input: { withdrawalId: withdrawal.id, decision: 'approve' }, operator: { id: operator.userId } });
    expect(await balanceOf(database.db, accountIds.available(owner))).toBe('378.000000');

    node.reverts = () => true;
    signer(chain, undefined, { withdrawal: withdrawalSettlement });
    mineEvery(60);
    await until('failed', () => allIn(chain, 'FAILED'));

    const [send] = await sendsOf(chain);
    expect(send).toMatchObject({ state: 'FAILED', failureReason: 'reverted on chain', gasSpent: '13844850' });
    const [row] = await database.db.select().from(walletWithdrawals).where(and(eq(walletWithdrawals.id, withdrawal.id)));
    expect(row).toMatchObject({ state: 'FAILED', txHash: send!.txHash });
    expect(await balanceOf(database.db, accountIds.available(owner))).toBe('500.000000');
    expect(await balanceOf(database.db, accountIds.withdrawalPending(owner))).toBe('0.000000');
    const report = await checkLedgerInvariants(database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
  });
});
