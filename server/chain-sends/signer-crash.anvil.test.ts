import { eq } from 'drizzle-orm';
import { getAddress, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { chainSends } from '../../db/schema';
import { anvilBinary, deployToken, startAnvil, type Anvil } from '../../tests/chain/anvil';
import { createSettlementTable } from '../../tests/chain/recording-settlement';
import { fundedHotWallet, generator, localChain, queueRandomSends, settlementCounts, sleep, TRANSFER, XPUB, type HotWallet } from '../../tests/chain/signer-fixture';
import { spawnChainWatcher, watcherProgress, type ChainWatcherProcess } from '../../tests/chain/chain-watcher-process';
import { spawnSigner, stopSigner, type SignerProcess } from '../../tests/chain/signer-process';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import type { ChainConfig } from '../chains/chains';
import { evmChainReader } from '../chains/evm/evm-chain-reader';
import { fromLedgerAmount } from '../chains/token-amount';

/**
 * kill -9 of `npm run signer` at random moments while it signs, broadcasts and confirms, and two
 * signer processes at once (docs/wallet.md, "The signer"): on chain, exactly one Transfer per send,
 * each recipient holds exactly what was sent to it, the hot wallet's nonce equals the number of
 * sends (no gap, none reused), and each settlement step committed once. The quick variant (the
 * default, for CI) queues 40 sends and kills 6 times; SIGNER_CRASH_FULL=1 queues 200 and kills 30.
 */
const FULL = process.env.SIGNER_CRASH_FULL === '1';
const SENDS = FULL ? 200 : 40;
const KILLS = FULL ? 30 : 6;
const DECIMALS = 6;

describe.runIf(process.env.TEST_DATABASE_URL && anvilBinary())('the signer process under kill -9 and in pairs (anvil, PostgreSQL)', () => {
  let anvil: Anvil;
  let database: TestDatabase;
  let token: Address;
  let miner: NodeJS.Timeout | undefined;
  const running: (SignerProcess | ChainWatcherProcess)[] = [];
  const seed = Number(process.env.SIGNER_CRASH_SEED ?? Date.now() % 1_000_000_007);
  const random = generator(seed);
  const recipients = Array.from({ length: 20 }, () => privateKeyToAccount(generatePrivateKey()).address);

  const start = (chain: ChainConfig, wallet: HotWallet) => {
    const signer = spawnSigner({ databaseUrl: database.url!, chains: [chain], keyFile: wallet.keyFile, keyring: wallet.keyring, xpub: XPUB });
    running.push(signer);
    return signer;
  };

  async function allSettled(chain: ChainConfig, count: number, within: number): Promise<void> {
    const deadline = Date.now() + within;
    for (;;) {
      const rows = await database.db.select({ state: chainSends.state }).from(chainSends).where(eq(chainSends.chain, chain.key));
      if (rows.length === count && rows.every((row) => row.state === 'CONFIRMED')) return;
      if (Date.now() > deadline) throw new Error(`not settled: ${JSON.stringify(rows.reduce<Record<string, number>>((n, r) => ({ ...n, [r.state]: (n[r.state] ?? 0) + 1 }), {}))}`);
      await sleep(250);
    }
  }

  /** Every send moved the token once, to its recipient, for its amount; nonces 0..n-1; each step settled once. */
  async function expectEachSentOnce(chain: ChainConfig, wallet: HotWallet, queued: { id: string; to: Address; amount: string }[], before: Map<Address, bigint>): Promise<void> {
    const rows = await database.db.select().from(chainSends).where(eq(chainSends.chain, chain.key));
    expect(rows).toHaveLength(queued.length);
    expect(rows.filter((row) => row.state !== 'CONFIRMED')).toEqual([]);

    const logs = await anvil.client.getLogs({ address: token, event: TRANSFER, args: { from: wallet.address }, fromBlock: 0n, toBlock: 'latest', strict: true });
    expect(logs).toHaveLength(queued.length);
    for (const row of rows) {
      const mined = logs.filter((log) => log.transactionHash === row.txHash);
      expect(mined, `send ${row.id}`).toHaveLength(1);
      expect(getAddress(mined[0]!.args.to)).toBe(row.toAddress);
      expect(mined[0]!.args.value).toBe(fromLedgerAmount(row.amount, DECIMALS));
    }

    const reader = evmChainReader({ rpcUrl: anvil.url });
    for (const recipient of recipients) {
      const sent = queued.filter((send) => send.to === recipient).reduce((sum, send) => sum + fromLedgerAmount(send.amount, DECIMALS), 0n);
      expect(await reader.tokenBalance(token, recipient), recipient).toBe((before.get(recipient) ?? 0n) + sent);
    }

    expect(await anvil.client.getTransactionCount({ address: wallet.address })).toBe(queued.length);
    expect(rows.map((row) => Number(row.nonce)).sort((a, b) => a - b)).toEqual(Array.from({ length: queued.length }, (_, i) => i));

    const counts = await settlementCounts(database.db);
    for (const row of rows) expect(counts.get(row.id), `settlements of ${row.id}`).toEqual({ signed: 1, broadcast: 1, confirmed: 1 });
  }

  async function balances(): Promise<Map<Address, bigint>> {
    const reader = evmChainReader({ rpcUrl: anvil.url });
    return new Map(await Promise.all(recipients.map(async (r) => [r, await reader.tokenBalance(token, r)] as const)));
  }

  function expectNoKeyIn(output: string, wallet: HotWallet): void {
    expect(output).toContain('signer started');
    expect(output.toLowerCase()).not.toContain(wallet.privateKey.slice(2).toLowerCase());
  }

  beforeAll(async () => {
    anvil = await startAnvil();
    database = await createTestDatabase({ maxConnections: 5 });
    await createSettlementTable(database.db);
    token = await deployToken(anvil, DECIMALS);
    // Blocks keep coming (automine mines each transaction; these give it confirmations).
    miner = setInterval(() => void anvil.client.mine({ blocks: 1 }).catch(() => {}), 300);
  });
  afterAll(async () => {
    clearInterval(miner);
    await Promise.all(running.map((signer) => stopSigner(signer, 'SIGKILL')));
    await database?.close();
    await anvil?.stop();
  });

  it(`sends each of ${SENDS} withdrawals exactly once across ${KILLS} kill -9s at random moments`, { timeout: FULL ? 900_000 : 240_000 }, async () => {
    const chain = localChain('anvil-signer-crash', anvil, token, DECIMALS);
    const wallet = await fundedHotWallet(anvil, token, 10n ** 15n);
    const before = await balances();
    // The queue fills while the signer is killed and restarted, as withdrawals would arrive.
    const queued: Awaited<ReturnType<typeof queueRandomSends>> = [];
    let producing = true;
    const producer = (async () => {
      while (producing && queued.length < SENDS) {
        queued.push(...(await queueRandomSends(database.db, chain, recipients, Math.min(SENDS - queued.length, 1 + random(8)), random)));
        await sleep(random(FULL ? 5000 : 3000));
      }
    })();

    const killedAt: { delayMs: number; states: string }[] = [];
    // A failed kill round stops the producer too, before the database is dropped under it.
    onTestFinished(() => {
      producing = false;
    });
    for (let kill = 0; kill < KILLS; kill += 1) {
      const signer = start(chain, wallet);
      await signer.started;
      // Random moments after the start: mid-sign, mid-broadcast, mid-confirm, between ticks.
      const delayMs = random(FULL ? 1500 : 1200);
      await sleep(delayMs);
      await stopSigner(signer, 'SIGKILL');
      expectNoKeyIn(signer.output(), wallet);
      const rows = await database.db.select({ state: chainSends.state }).from(chainSends).where(eq(chainSends.chain, chain.key));
      killedAt.push({ delayMs, states: ['QUEUED', 'SIGNED', 'BROADCAST', 'CONFIRMED'].map((s) => rows.filter((r) => r.state === s).length).join('/') });
    }
    await producer;
    // The kills landed while work was going on, not all before it started or after it ended.
    expect(new Set(killedAt.map((k) => k.states)).size).toBeGreaterThan(KILLS / 4);

    const last = start(chain, wallet);
    await last.started;
    await allSettled(chain, SENDS, FULL ? 300_000 : 120_000);
    await stopSigner(last, 'SIGTERM');
    expect(await last.exited).toBe(0);
    expectNoKeyIn(last.output(), wallet);

    await expectEachSentOnce(chain, wallet, queued, before);
    console.log(`signer kill -9 (seed ${seed}): ${KILLS} kills, ${SENDS} sends each mined once; queued/signed/broadcast/confirmed at each kill: ${killedAt.map((k) => k.states).join(' ')}`);
  });

  it('the chain watcher runs without the key: its process is given no key file and no keyring', { timeout: 60_000 }, async () => {
    const chain = localChain('anvil-signer-watcher', anvil, token, DECIMALS);
    const wallet = await fundedHotWallet(anvil, token, 10n ** 9n);
    const watcher = spawnChainWatcher({ databaseUrl: database.url!, chains: [chain], xpub: XPUB, env: { CORRIDOR_SIGNER_KEY_FILE: '', CORRIDOR_ENCRYPTION_KEYS: '' } });
    running.push(watcher);
    await watcher.started;
    const deadline = Date.now() + 30_000;
    while ((await watcherProgress(database.db, chain.key)).cursor === undefined) {
      if (Date.now() > deadline) throw new Error(`the watcher did not scan:\n${watcher.output().slice(-2000)}`);
      await sleep(200);
    }
    await stopSigner(watcher, 'SIGTERM');
    expect(await watcher.exited).toBe(0);
    expect(watcher.output().toLowerCase()).not.toContain(wallet.privateKey.slice(2).toLowerCase());
  });

  it('two signer processes at once never sign one send twice or give one nonce to two sends', { timeout: 180_000 }, async () => {
    const chain = localChain('anvil-signer-pair', anvil, token, DECIMALS);
    const wallet = await fundedHotWallet(anvil, token, 10n ** 15n);
    const before = await balances();
    const signers = [start(chain, wallet), start(chain, wallet)];
    await Promise.all(signers.map((signer) => signer.started));
    // Queued while both run, a few at a time, so both find work at the same moments.
    const queued: Awaited<ReturnType<typeof queueRandomSends>> = [];
    for (let i = 0; i < (FULL ? 20 : 8); i += 1) {
      queued.push(...(await queueRandomSends(database.db, chain, recipients, 5, random)));
      await sleep(random(300));
    }
    await allSettled(chain, queued.length, 120_000);
    await Promise.all(signers.map((signer) => stopSigner(signer, 'SIGTERM')));
    expect(await Promise.all(signers.map((signer) => signer.exited))).toEqual([0, 0]);
    for (const signer of signers) expectNoKeyIn(signer.output(), wallet);
    await expectEachSentOnce(chain, wallet, queued, before);
  });
});
