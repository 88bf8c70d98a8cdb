import { and, eq, inArray } from 'drizzle-orm';
import { encodeAbiParameters, getAddress, keccak256, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { chainSends, outboxEvents, walletWithdrawals } from '../../db/schema';
import { anvilBinary, deployToken, startAnvil, type Anvil } from '../../tests/chain/anvil';
import { fundedHotWallet, generator, localChain, sleep, TRANSFER, XPUB, type HotWallet } from '../../tests/chain/signer-fixture';
import { spawnSigner, stopSigner, type SignerProcess } from '../../tests/chain/signer-process';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { signedInOperator } from '../../tests/trpc/trpc-harness';
import { cliActor } from '../audit';
import { startSigner } from '../chain-sends/start-signer';
import { setProcessChainSettings, type ChainSettings } from '../chains/chain-settings';
import type { ChainConfig } from '../chains/chains';
import { evmChainReader } from '../chains/evm/evm-chain-reader';
import { fromLedgerAmount } from '../chains/token-amount';
import { accountIds } from '../ledger/account-ids';
import { balanceOf, platformFeeBalance } from '../ledger/balances';
import { checkLedgerInvariants } from '../ledger/check-invariants';
import { Dec } from '../money/decimal';
import { addWithdrawalAddress } from './address-book/add-withdrawal-address';
import { requestWithdrawal } from './request-withdrawal';
import { decideWithdrawalProposal, reviewWithdrawal } from './review-withdrawal';
import type { WithdrawalOwner } from './withdrawal-owner';
import { withdrawalSettlement } from './withdrawal-settlement';
import { writeWithdrawalSettings } from './withdrawal-settings';

/**
 * USDT withdrawals through both halves, on a real node (docs/wallet.md, "Withdrawals" and "The
 * signer"): owners request them (the platform approves some, an operator the rest), the real
 * `npm run signer` with the withdrawals' settlement sends them while it is killed -9 at random
 * moments and restarted. On chain, exactly one Transfer per withdrawal, to its address, of its
 * amount; each owner's ledger exact; the fees the platform's; no nonce gap. The quick variant (the
 * default, for CI) makes 40 withdrawals and kills 6 times; WITHDRAWALS_FULL=1 makes 200 and kills 30.
 */
const FULL = process.env.WITHDRAWALS_FULL === '1';
const WITHDRAWALS = FULL ? 200 : 40;
const KILLS = FULL ? 30 : 6;
const OWNERS = 20;
const DECIMALS = 6;
const CREDIT = '100000';
const FEE = '1.250000';
const DAY = 24 * 3_600_000;

interface Owner {
  owner: WithdrawalOwner;
  addressId: string;
  address: Address;
}

interface Made {
  id: string;
  owner: Owner;
  amount: string;
  byOperator: boolean;
}

describe.runIf(process.env.TEST_DATABASE_URL && anvilBinary())('withdrawals on chain through the signer under kill -9 (anvil, PostgreSQL)', () => {
  let anvil: Anvil;
  let database: TestDatabase;
  let token: Address;
  let miner: NodeJS.Timeout | undefined;
  let chain: ChainConfig;
  let revertChain: ChainConfig;
  let operators: { userId: string }[];
  const running: SignerProcess[] = [];
  const seed = Number(process.env.WITHDRAWALS_SEED ?? Date.now() % 1_000_000_007);
  const random = generator(seed);

  /** An owner credited through the ledger, with a fresh address of its own in the book, past its cool-down. */
  async function ownerWithAddress(kind: 'merchant' | 'trader', on: ChainConfig, credit = CREDIT): Promise<Owner> {
    const made = kind === 'merchant' ? await merchantWithBalance(database.db, credit) : await traderWithBalance(database.db, credit);
    const owner: WithdrawalOwner = 'merchantId' in made ? { type: 'merchant', id: made.merchantId } : { type: 'trader', id: made.traderId };
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const view = await addWithdrawalAddress(database.db, {
      owner,
      userId: 'userId' in made ? made.userId : operators[0]!.userId,
      totpRequired: false,
      input: { chain: on.key, address, label: 'payouts' },
      chains: { chains: [chain, revertChain], xpubs: {} },
      actor: cliActor,
      now: new Date(Date.now() - 2 * DAY),
    });
    return { owner, addressId: view.id, address };
  }

  /** A request; one the rules hold for review (first use of the address, unusual amount) an operator approves, with a second one over the four-eyes threshold. */
  async function withdraw(owner: Owner, on: ChainConfig, amount: string): Promise<Made> {
    const requested = await requestWithdrawal(database.db, { owner: owner.owner, input: { chain: on.key, addressId: owner.addressId, amount }, chains: { chains: [chain, revertChain], xpubs: {} }, now: new Date() });
    if (requested.state === 'APPROVED') return { id: requested.id, owner, amount: requested.amount, byOperator: false };
    expect(requested.state).toBe('REQUESTED');
    const review = await reviewWithdrawal(database.db, { input: { withdrawalId: requested.id, decision: 'approve' }, operator: { id: operators[0]!.userId } });
    if (review.status === 'proposed') await decideWithdrawalProposal(database.db, { input: { proposalId: review.proposalId, decision: 'approve' }, operator: { id: operators[1]!.userId } });
    return { id: requested.id, owner, amount: requested.amount, byOperator: true };
  }

  const start = (wallet: HotWallet) => {
    const signer = spawnSigner({ databaseUrl: database.url!, chains: [chain], keyFile: wallet.keyFile, keyring: wallet.keyring, xpub: XPUB, script: 'scripts/signer.ts' });
    running.push(signer);
    return signer;
  };

  async function stateCounts(): Promise<Record<string, number>> {
    const rows = await database.db.select({ state: walletWithdrawals.state }).from(walletWithdrawals).where(eq(walletWithdrawals.chainKey, chain.key));
    return rows.reduce<Record<string, number>>((n, row) => ({ ...n, [row.state]: (n[row.state] ?? 0) + 1 }), {});
  }

  async function allConfirmed(count: number, within: number): Promise<void> {
    const deadline = Date.now() + within;
    for (;;) {
      const counts = await stateCounts();
      if (counts.CONFIRMED === count && Object.keys(counts).length === 1) return;
      if (Date.now() > deadline) throw new Error(`not all confirmed: ${JSON.stringify(counts)}`);
      await sleep(250);
    }
  }

  beforeAll(async () => {
    anvil = await startAnvil();
    database = await createTestDatabase({ maxConnections: 5 });
    token = await deployToken(anvil, DECIMALS);
    chain = localChain('anvil-withdrawals', anvil, token, DECIMALS);
    revertChain = localChain('anvil-withdrawal-revert', anvil, token, DECIMALS);
    const settings: ChainSettings = { chains: [chain, revertChain], xpubs: {} };
    // An operator's approval queues the send against the process's chains, as the console's does.
    setProcessChainSettings(settings);
    await writeWithdrawalSettings(database.db, {
      fees: { [chain.key]: FEE, [revertChain.key]: FEE },
      minimumAmount: '1',
      autoApproveLimit: '1000',
      ownerDailyLimit: '10000000',
      platformDailyLimit: '100000000',
    });
    operators = [await signedInOperator(database.db), await signedInOperator(database.db)];
    // Blocks keep coming (automine mines each transaction; these give it confirmations).
    miner = setInterval(() => void anvil.client.mine({ blocks: 1 }).catch(() => {}), 300);
  });
  afterAll(async () => {
    clearInterval(miner);
    await Promise.all(running.map((signer) => stopSigner(signer, 'SIGKILL')));
    setProcessChainSettings(undefined);
    await database?.close();
    await anvil?.stop();
  });

  it(`sends each of ${WITHDRAWALS} withdrawals of ${OWNERS} owners exactly once across ${KILLS} kill -9s of the signer`, { timeout: FULL ? 1_200_000 : 300_000 }, async () => {
    const owners: Owner[] = [];
    for (let i = 0; i < OWNERS; i += 1) owners.push(await ownerWithAddress(i % 2 === 0 ? 'merchant' : 'trader', chain));
    const wallet = await fundedHotWallet(anvil, token, 10n ** 15n);
    const feesBefore = await platformFeeBalance(database.db);

    // Requests arrive while the signer is killed and restarted, a few at a time.
    const made: Made[] = [];
    let producing = true;
    onTestFinished(() => {
      producing = false;
    });
    const producer = (async () => {
      while (producing && made.length < WITHDRAWALS) {
        const batch = Math.min(WITHDRAWALS - made.length, 1 + random(8));
        for (let i = 0; i < batch && producing; i += 1) {
          const amount = `${1 + random(700)}.${String(random(1_000_000)).padStart(6, '0')}`;
          made.push(await withdraw(owners[random(owners.length)]!, chain, amount));
        }
        await sleep(random(FULL ? 4000 : 3000));
      }
    })();

    const killedAt: string[] = [];
    for (let kill = 0; kill < KILLS; kill += 1) {
      const signer = start(wallet);
      await signer.started;
      // Random moments after the start: before signing, between storing and broadcasting, before the inclusion is recorded.
      await sleep(random(FULL ? 1500 : 1200));
      await stopSigner(signer, 'SIGKILL');
      expect(signer.output().toLowerCase()).not.toContain(wallet.privateKey.slice(2).toLowerCase());
      const counts = await stateCounts();
      killedAt.push(['APPROVED', 'SIGNED', 'BROADCAST', 'CONFIRMED'].map((s) => counts[s] ?? 0).join('/'));
    }
    await producer;
    expect(made).toHaveLength(WITHDRAWALS);
    // The kills landed while work was going on, not all before it started or after it ended.
    expect(new Set(killedAt).size).toBeGreaterThan(KILLS / 4);
    if (FULL) {
      // Over 30 kills, some fell before signing (approved), after the bytes were stored (signed) and after the broadcast (broadcast, inclusion not yet recorded).
      for (const column of [0, 1, 2]) expect(killedAt.some((states) => Number(states.split('/')[column]) > 0), `kills with column ${column} open: ${killedAt.join(' ')}`).toBe(true);
    }
    // Both ways to approval were taken: the platform's own and an operator's.
    expect(made.some((w) => w.byOperator)).toBe(true);
    expect(made.some((w) => !w.byOperator)).toBe(true);

    const last = start(wallet);
    await last.started;
    await allConfirmed(WITHDRAWALS, FULL ? 300_000 : 120_000);
    await stopSigner(last, 'SIGTERM');
    expect(await last.exited).toBe(0);

    // On chain: one Transfer from the hot wallet per withdrawal, to its address, of its amount.
    const rows = await database.db.select().from(walletWithdrawals).where(eq(walletWithdrawals.chainKey, chain.key));
    const sends = new Map((await database.db.select().from(chainSends).where(eq(chainSends.chain, chain.key))).map((send) => [send.referenceId, send]));
    expect(rows).toHaveLength(WITHDRAWALS);
    expect(sends.size).toBe(WITHDRAWALS);
    const logs = await anvil.client.getLogs({ address: token, event: TRANSFER, args: { from: wallet.address }, fromBlock: 0n, toBlock: 'latest', strict: true });
    expect(logs).toHaveLength(WITHDRAWALS);
    for (const withdrawal of made) {
      const row = rows.find((r) => r.id === withdrawal.id)!;
      const send = sends.get(withdrawal.id)!;
      expect(row).toMatchObject({ state: 'CONFIRMED', chainSendId: send.id, txHash: send.txHash, toAddress: withdrawal.owner.address, amount: withdrawal.amount, fee: FEE });
      expect(send).toMatchObject({ state: 'CONFIRMED', toAddress: withdrawal.owner.address, amount: withdrawal.amount });
      expect(new Dec(row.gasSpent!).gt(0)).toBe(true);
      const mined = logs.filter((log) => log.transactionHash === send.txHash);
      expect(mined, `withdrawal ${withdrawal.id}`).toHaveLength(1);
      expect(getAddress(mined[0]!.args.to)).toBe(withdrawal.owner.address);
      expect(mined[0]!.args.value).toBe(fromLedgerAmount(withdrawal.amount, DECIMALS));
    }

    // Each address holds what was withdrawn to it; each owner's ledger is the credit less amount + fee of each.
    const reader = evmChainReader({ rpcUrl: anvil.url });
    for (const owner of owners) {
      const own = made.filter((w) => w.owner === owner);
      const sent = own.reduce((sum, w) => sum + fromLedgerAmount(w.amount, DECIMALS), 0n);
      expect(await reader.tokenBalance(token, owner.address), owner.address).toBe(sent);
      const spent = own.reduce((sum, w) => sum.plus(w.amount).plus(FEE), new Dec(0));
      expect(await balanceOf(database.db, accountIds.available(owner.owner))).toBe(new Dec(CREDIT).minus(spent).toFixed(6));
      expect(await balanceOf(database.db, accountIds.withdrawalPending(owner.owner))).toBe('0.000000');
    }
    expect(await platformFeeBalance(database.db)).toBe(new Dec(feesBefore).plus(new Dec(FEE).times(WITHDRAWALS)).toFixed(6));
    const report = await checkLedgerInvariants(database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });

    // The hot wallet's nonces: one per send, 0..n-1, none skipped or reused.
    expect(await anvil.client.getTransactionCount({ address: wallet.address })).toBe(WITHDRAWALS);
    expect([...sends.values()].map((send) => Number(send.nonce)).sort((a, b) => a - b)).toEqual(Array.from({ length: WITHDRAWALS }, (_, i) => i));

    // A merchant's withdrawal wrote each of its events once, in its outbox.
    const merchantIds = owners.filter((o) => o.owner.type === 'merchant').map((o) => o.owner.id);
    const events = await database.db
      .select({ type: outboxEvents.type, payload: outboxEvents.payload })
      .from(outboxEvents)
      .where(and(eq(outboxEvents.flow, 'withdrawal'), inArray(outboxEvents.merchantId, merchantIds)));
    const merchantWithdrawals = made.filter((w) => w.owner.owner.type === 'merchant');
    expect(merchantWithdrawals.length).toBeGreaterThan(0);
    for (const withdrawal of merchantWithdrawals) {
      const types = events.filter((event) => (event.payload as { data: { id: string } }).data.id === withdrawal.id).map((event) => event.type);
      expect(types.sort(), `events of ${withdrawal.id}`).toEqual([
        'wallet.withdrawal_approved',
        'wallet.withdrawal_broadcast',
        'wallet.withdrawal_confirmed',
        'wallet.withdrawal_requested',
        'wallet.withdrawal_signed',
      ]);
    }
    const byOperator = made.filter((w) => w.byOperator).length;
    console.log(
      `withdrawals on chain (seed ${seed}): ${WITHDRAWALS} withdrawals of ${OWNERS} owners (${byOperator} approved by an operator), ${KILLS} kills; approved/signed/broadcast/confirmed at each kill: ${killedAt.join(' ')}`,
    );
  });

  it('a withdrawal whose transfer the chain reverts ends FAILED, amount + fee back, a case opened', { timeout: 120_000 }, async () => {
    const owner = await ownerWithAddress('merchant', revertChain, '500');
    const wallet = await fundedHotWallet(anvil, token, 10n ** 12n);
    clearInterval(miner);
    await anvil.client.setAutomine(false);
    const stop = startSigner({ db: database.db, chains: [revertChain], key: privateKeyToAccount(wallet.privateKey), settlements: { withdrawal: withdrawalSettlement }, rebroadcastMs: 200, stuckAfterMs: 600_000 });
    try {
      const withdrawal = await withdraw(owner, revertChain, '120.5');
      const stateOf = async () => (await database.db.select({ state: walletWithdrawals.state }).from(walletWithdrawals).where(eq(walletWithdrawals.id, withdrawal.id)))[0]!.state;
      const until = async (state: string) => {
        const deadline = Date.now() + 30_000;
        while ((await stateOf()) !== state) {
          if (Date.now() > deadline) throw new Error(`withdrawal not ${state}: ${await stateOf()}`);
          await sleep(100);
        }
      };
      await until('BROADCAST');
      expect(await balanceOf(database.db, accountIds.available(owner.owner))).toBe('378.250000');
      // The hot wallet's token balance taken away (balanceOf[wallet], slot 3) before the block is mined.
      const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [wallet.address, 3n]));
      await anvil.client.setStorageAt({ address: token, index: slot, value: `0x${'0'.repeat(64)}` });
      await anvil.client.setAutomine(true);
      await anvil.client.mine({ blocks: 3 });
      await until('FAILED');

      const [row] = await database.db.select().from(walletWithdrawals).where(eq(walletWithdrawals.id, withdrawal.id));
      expect(row!.caseOpenedAt).not.toBeNull();
      expect(row!.reason).toBe('reverted on chain');
      expect(await balanceOf(database.db, accountIds.available(owner.owner))).toBe('500.000000');
      expect(await balanceOf(database.db, accountIds.withdrawalPending(owner.owner))).toBe('0.000000');
      const logs = await anvil.client.getLogs({ address: token, event: TRANSFER, args: { from: wallet.address }, fromBlock: 0n, toBlock: 'latest', strict: true });
      expect(logs).toEqual([]);
      const events = await database.db.select({ type: outboxEvents.type }).from(outboxEvents).where(and(eq(outboxEvents.flow, 'withdrawal'), eq(outboxEvents.merchantId, owner.owner.id)));
      expect(events.map((event) => event.type).sort()).toEqual([
        'wallet.withdrawal_address_added',
        'wallet.withdrawal_approved',
        'wallet.withdrawal_broadcast',
        'wallet.withdrawal_failed',
        'wallet.withdrawal_requested',
        'wallet.withdrawal_signed',
      ]);
      const report = await checkLedgerInvariants(database.db);
      expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
    } finally {
      await anvil.client.setAutomine(true);
      await stop();
    }
  });
});
