import { spawnSync } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import { getAddress, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, rowsOf, type Database } from '../../db/client';
import { sqlStateOf } from '../../db/errors';
import { migrateDatabase } from '../../db/migrate';
import { chainCursors, chainDeposits, chainSends, walletWithdrawals } from '../../db/schema';
import { AutoFailoverCluster, type HaNode } from '../../scripts/ha/auto-failover-cluster';
import { anvilBinary, deployToken, mintTo, startAnvil, transferTo, type Anvil } from '../../tests/chain/anvil';
import { spawnChainWatcher, stopProcess, watcherProgress, type ChainWatcherProcess } from '../../tests/chain/chain-watcher-process';
import { fundedHotWallet, localChain, sleep, TRANSFER, XPUB } from '../../tests/chain/signer-fixture';
import { spawnSigner, stopSigner, type SignerProcess } from '../../tests/chain/signer-process';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { signedInOperator } from '../../tests/trpc/trpc-harness';
import { cliActor } from '../audit';
import { setProcessChainSettings, type ChainSettings } from '../chains/chain-settings';
import type { ChainConfig } from '../chains/chains';
import { fromLedgerAmount, toLedgerAmount } from '../chains/token-amount';
import { depositAddressFor } from '../deposits/deposit-address';
import { accountIds } from '../ledger/account-ids';
import { balanceOf } from '../ledger/balances';
import { checkLedgerInvariants } from '../ledger/check-invariants';
import { Dec } from '../money/decimal';
import { addWithdrawalAddress } from '../withdrawals/address-book/add-withdrawal-address';
import { requestWithdrawal } from '../withdrawals/request-withdrawal';
import { decideWithdrawalProposal, reviewWithdrawal } from '../withdrawals/review-withdrawal';
import type { WithdrawalOwner } from '../withdrawals/withdrawal-owner';
import { writeWithdrawalSettings } from '../withdrawals/withdrawal-settings';

/**
 * The chain watcher and the signer across a failover of the database (docs/deploy.md,
 * "Failover"): both processes run against a pg_auto_failover formation of a primary and a
 * synchronous standby, deposits arrive on chain and withdrawals are queued, the primary's machine
 * dies midway and the standby takes over. Neither process is restarted: each resumes on the new
 * primary by itself, and no deposit is credited twice, no withdrawal sent twice, no nonce skipped.
 */
const hasPgAutoctl = spawnSync('pg_autoctl', ['--version']).status === 0;
/** Per half (before and after the kill): small, the point is the failover, not the volume. */
const WITHDRAWALS = 4;
const DEPOSITS = 4;
const DECIMALS = 6;
const CREDIT = '10000';
const FEE = '1.250000';
const DAY = 24 * 3_600_000;

interface Owner {
  owner: WithdrawalOwner;
  deposit: Address;
  payout: { id: string; address: Address };
}

describe.skipIf(!hasPgAutoctl || !process.env.TEST_DATABASE_URL || !anvilBinary())('the chain watcher and the signer across a database failover (pg_auto_failover, anvil)', () => {
  let cluster: AutoFailoverCluster;
  let database: Database;
  let anvil: Anvil;
  let token: Address;
  let chain: ChainConfig;
  let settings: ChainSettings;
  let miner: NodeJS.Timeout | undefined;
  let operators: { userId: string }[];
  let watcher: ChainWatcherProcess | undefined;
  let signer: SignerProcess | undefined;
  const owners: Owner[] = [];

  async function ownerOf(kind: 'merchant' | 'trader'): Promise<Owner> {
    const made = kind === 'merchant' ? await merchantWithBalance(database.db, CREDIT) : await traderWithBalance(database.db, CREDIT);
    const owner: WithdrawalOwner = 'merchantId' in made ? { type: 'merchant', id: made.merchantId } : { type: 'trader', id: made.traderId };
    const deposit = getAddress((await depositAddressFor(database.db, { owner, family: 'evm', xpub: XPUB })).address);
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const view = await addWithdrawalAddress(database.db, {
      owner,
      userId: 'userId' in made ? made.userId : operators[0]!.userId,
      totpRequired: false,
      input: { chain: chain.key, address, label: 'payouts' },
      chains: settings,
      actor: cliActor,
      now: new Date(Date.now() - 2 * DAY),
    });
    return { owner, deposit, payout: { id: view.id, address } };
  }

  /** A request; one the rules hold for review (first use of the address) an operator approves. */
  async function withdraw(owner: Owner, amount: string): Promise<void> {
    const requested = await whenWritable(() => requestWithdrawal(database.db, { owner: owner.owner, input: { chain: chain.key, addressId: owner.payout.id, amount }, chains: settings, now: new Date() }));
    if (requested.state === 'APPROVED') return;
    const review = await whenWritable(() => reviewWithdrawal(database.db, { input: { withdrawalId: requested.id, decision: 'approve' }, operator: { id: operators[0]!.userId } }));
    if (review.status === 'proposed') await whenWritable(() => decideWithdrawalProposal(database.db, { input: { proposalId: review.proposalId, decision: 'approve' }, operator: { id: operators[1]!.userId } }));
  }

  /** Whole-unit deposits from anvil's account to the owners' deposit addresses, in turn. */
  async function depositSome(count: number, offset: number): Promise<void> {
    for (let i = 0; i < count; i += 1) {
      const hash = await transferTo(anvil, token, owners[(offset + i) % owners.length]!.deposit, BigInt(10 + offset + i) * 10n ** BigInt(DECIMALS));
      // The node may answer a send before its block is in; the count on chain below must see it.
      await anvil.client.waitForTransactionReceipt({ hash });
    }
  }

  /**
   * Runs `work` again while it meets a node that does not take writes yet (25006): the promoted
   * standby holds writes until the old primary is known demoted, and a connection opened then says
   * so. Nothing of such a run was committed, so running it again makes one request, not two.
   */
  async function whenWritable<T>(work: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        return await work();
      } catch (error) {
        if (sqlStateOf(error) !== '25006' || Date.now() > deadline) throw error;
        await sleep(200);
      }
    }
  }

  const alive = (child: { exitCode: number | null; signalCode: NodeJS.Signals | null }) => child.exitCode === null && child.signalCode === null;

  beforeAll(async () => {
    cluster = await AutoFailoverCluster.create({ nodes: 2, synchronous: true });
    await cluster.createDatabase('corridor');
    await migrateDatabase({ url: cluster.url('corridor') });
    database = connect({ url: cluster.url('corridor'), maxConnections: 4 });
    anvil = await startAnvil();
    token = await deployToken(anvil, DECIMALS);
    await mintTo(anvil, token, anvil.client.account.address, 10n ** 15n);
    chain = localChain('anvil-failover', anvil, token, DECIMALS);
    settings = { chains: [chain], xpubs: {} };
    // An operator's approval queues the send against the process's chains, as the console's does.
    setProcessChainSettings(settings);
    await writeWithdrawalSettings(database.db, { fees: { [chain.key]: FEE }, minimumAmount: '1', autoApproveLimit: '1000', ownerDailyLimit: '10000000', platformDailyLimit: '100000000' });
    operators = [await signedInOperator(database.db), await signedInOperator(database.db)];
    for (let i = 0; i < 4; i += 1) owners.push(await ownerOf(i % 2 === 0 ? 'merchant' : 'trader'));
    // The watcher's cursor starts at the head, before any deposit.
    const head = await anvil.client.getBlockNumber({ cacheTime: 0 });
    await database.db.insert(chainCursors).values({ chainKey: chain.key, height: head, blockHash: (await anvil.client.getBlock({ blockNumber: head })).hash });
    miner = setInterval(() => void anvil.client.mine({ blocks: 1 }).catch(() => {}), 300);
  }, 420_000);
  afterAll(async () => {
    clearInterval(miner);
    if (watcher) await stopProcess(watcher, 'SIGKILL');
    if (signer) await stopSigner(signer, 'SIGKILL');
    setProcessChainSettings(undefined);
    await database?.close();
    await anvil?.stop();
    await cluster?.destroy();
  }, 30_000);

  it('both resume on the new primary by themselves: each deposit credited once, each withdrawal sent once', { timeout: 240_000 }, async () => {
    const wallet = await fundedHotWallet(anvil, token, 10n ** 12n);
    const url = cluster.url('corridor');
    watcher = spawnChainWatcher({ databaseUrl: url, chains: [chain], xpub: XPUB });
    signer = spawnSigner({ databaseUrl: url, chains: [chain], keyFile: wallet.keyFile, keyring: wallet.keyring, xpub: XPUB, script: 'scripts/signer.ts' });
    await Promise.all([watcher.started, signer.started]);

    // First half, on the first primary.
    await depositSome(DEPOSITS, 0);
    for (let i = 0; i < WITHDRAWALS; i += 1) await withdraw(owners[i % owners.length]!, `${20 + i}.5`);

    // The primary's machine dies; deposits keep arriving on chain while there is no primary.
    const old: HaNode = (await cluster.primary())!;
    // What was still open when the primary died, for the log.
    const atKill = await watcherProgress(database.db, chain.key);
    const openWithdrawals = (await database.db.select({ state: walletWithdrawals.state }).from(walletWithdrawals)).filter((w) => w.state !== 'CONFIRMED').length;
    const killedAt = Date.now();
    cluster.kill(old);
    await depositSome(DEPOSITS, DEPOSITS);
    await cluster.waitForPrimary(60_000, old);
    const failoverMs = Date.now() - killedAt;
    // A tick in flight may wait out the outage in its connect rather than fail: counted for the log only.
    const failedTicks = () => (watcher!.output() + signer!.output()).split('tick failed').length - 1;
    // The test's own pool reconnects on its next query.
    await expect.poll(async () => database.db.execute(sql`select 1`).then(() => true, () => false), { timeout: 30_000, interval: 200 }).toBe(true);

    // Second half, on the new primary.
    for (let i = 0; i < WITHDRAWALS; i += 1) await withdraw(owners[i % owners.length]!, `${30 + i}.25`);
    await depositSome(DEPOSITS, 2 * DEPOSITS);

    // Settled: every withdrawal confirmed, the watcher at the head with every transfer credited.
    const transfersTo = async () =>
      anvil.client.getLogs({ address: token, event: TRANSFER, args: { to: owners.map((o) => o.deposit) }, fromBlock: 0n, toBlock: 'latest', strict: true });
    const deposited = (await transfersTo()).length;
    expect(deposited).toBe(3 * DEPOSITS);
    const want = { confirmed: 2 * WITHDRAWALS, of: 2 * WITHDRAWALS, credited: deposited, detected: 0 };
    const deadline = Date.now() + 60_000;
    for (;;) {
      // Neither process is restarted: one that exited on the outage fails the test at once.
      expect(alive(watcher.child), `the watcher exited:\n${watcher.output().slice(-2000)}`).toBe(true);
      expect(alive(signer.child), `the signer exited:\n${signer.output().slice(-2000)}`).toBe(true);
      const states = await database.db.select({ state: walletWithdrawals.state }).from(walletWithdrawals);
      const progress = await watcherProgress(database.db, chain.key);
      const now = { confirmed: states.filter((s) => s.state === 'CONFIRMED').length, of: states.length, credited: progress.credited, detected: progress.detected };
      if (JSON.stringify(now) === JSON.stringify(want) || Date.now() > deadline) {
        expect(now).toEqual(want);
        break;
      }
      await sleep(300);
    }

    // Each deposit on chain is one CREDITED deposit with one two-legged ledger credit.
    const logs = await transfersTo();
    const ids = logs.map((log) => `deposit:${chain.key}:${log.transactionHash.toLowerCase()}:${log.logIndex}`).sort();
    const deposits = await database.db.select().from(chainDeposits).where(eq(chainDeposits.chainKey, chain.key));
    expect(deposits.map((d) => d.transferId).sort()).toEqual(ids);
    expect(deposits.every((d) => d.state === 'CREDITED')).toBe(true);
    const credits = rowsOf<{ id: string; legs: number | string }>(
      await database.db.execute(sql`select t.id, count(p.id) as legs from ledger_transfers t join ledger_postings p on p.transfer_id = t.id where t.kind = 'deposit.credit' group by t.id`),
    );
    expect(credits.map((c) => c.id).sort()).toEqual(ids);
    expect(credits.every((c) => Number(c.legs) === 2)).toBe(true);

    // Each withdrawal: one send, one Transfer from the hot wallet of its amount; nonces 0..n-1.
    const withdrawals = await database.db.select().from(walletWithdrawals);
    const sends = await database.db.select().from(chainSends).where(eq(chainSends.chain, chain.key));
    expect(sends).toHaveLength(2 * WITHDRAWALS);
    const sent = await anvil.client.getLogs({ address: token, event: TRANSFER, args: { from: wallet.address }, fromBlock: 0n, toBlock: 'latest', strict: true });
    expect(sent).toHaveLength(2 * WITHDRAWALS);
    for (const withdrawal of withdrawals) {
      const mined = sent.filter((log) => log.transactionHash === withdrawal.txHash);
      expect(mined, withdrawal.id).toHaveLength(1);
      expect(getAddress(mined[0]!.args.to)).toBe(withdrawal.toAddress);
      expect(mined[0]!.args.value).toBe(fromLedgerAmount(withdrawal.amount, DECIMALS));
    }
    expect(await anvil.client.getTransactionCount({ address: wallet.address })).toBe(2 * WITHDRAWALS);
    expect(sends.map((send) => Number(send.nonce)).sort((a, b) => a - b)).toEqual(Array.from({ length: 2 * WITHDRAWALS }, (_, i) => i));

    // Each owner's ledger: the credit, plus what the chain sent to its deposit address, less each withdrawal and its fee.
    for (const owner of owners) {
      const depositedTo = logs.filter((log) => getAddress(log.args.to) === owner.deposit).reduce((sum, log) => sum.plus(toLedgerAmount(log.args.value, DECIMALS).amount), new Dec(0));
      const spent = withdrawals.filter((w) => w.toAddress === owner.payout.address).reduce((sum, w) => sum.plus(w.amount).plus(FEE), new Dec(0));
      expect(await balanceOf(database.db, accountIds.available(owner.owner))).toBe(new Dec(CREDIT).plus(depositedTo).minus(spent).toFixed(6));
    }
    const report = await checkLedgerInvariants(database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });

    // Both still stop cleanly on SIGTERM.
    await stopProcess(watcher, 'SIGTERM');
    await stopSigner(signer, 'SIGTERM');
    expect([await watcher.exited, await signer.exited]).toEqual([0, 0]);
    console.log(`chain processes across a failover: new primary writable ${(failoverMs / 1000).toFixed(1)} s after the kill (then ${openWithdrawals} withdrawals open, ${DEPOSITS - atKill.credited} of ${DEPOSITS} deposits not credited); ${deposited} deposits credited once, ${2 * WITHDRAWALS} withdrawals confirmed once; ${failedTicks()} failed ticks`);
  });
});
