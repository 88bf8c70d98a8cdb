import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { reconciliationItems } from '../../db/schema';
import { anvilBinary, deployToken, mintTo, startAnvil, transferTo, type Anvil } from '../../tests/chain/anvil';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { merchantWithBalance } from '../../tests/fixtures/parties';
import type { ChainConfig } from '../chains/chains';
import { EVM_ACCOUNT_PATH } from '../chains/evm/evm-address-deriver';
import { evmChainReader } from '../chains/evm/evm-chain-reader';
import { depositAddressFor } from '../deposits/deposit-address';
import { watchChainOnce } from '../deposits/watch-chain';
import { runSolvencyCheck } from '../solvency/run-solvency-check';
import { reconcileDay } from './reconcile-day';

const XPUB = HDKey.fromMasterSeed(mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about')).derive(EVM_ACCOUNT_PATH).publicExtendedKey;

/**
 * Ledger vs chain on a real node (docs/reconciliation.md): a deposit the watcher credited is found
 * on chain; a transfer to a deposit address the watcher never recorded (its cursor moved past it)
 * is the one exception, `deposit_missing_from_ledger`, found through the chain reader.
 */
describe.skipIf(!anvilBinary())('reconciliation against a real anvil node', () => {
  let anvil: Anvil;
  let database: TestDatabase;
  let chain: ChainConfig;

  beforeAll(async () => {
    anvil = await startAnvil();
    database = await createTestDatabase();
    const token = await deployToken(anvil, 6);
    await mintTo(anvil, token, anvil.client.account.address, 10n ** 15n);
    chain = {
      key: 'anvil-recon',
      family: 'evm',
      name: 'anvil-recon',
      network: 'local',
      tokens: { USDT: { contract: token, decimals: 6 } },
      confirmations: 2,
      pollIntervalMs: 100,
      maxBlockRange: 5,
      minimumDeposit: '0.000001',
      rpcUrl: anvil.url,
    };
  });
  afterAll(async () => {
    await database?.close();
    await anvil?.stop();
  });

  async function settle() {
    const reader = evmChainReader({ rpcUrl: anvil.url });
    for (let round = 0; round < 40; round += 1) {
      await anvil.client.mine({ blocks: 1 });
      const result = await watchChainOnce(database.db, { chain, reader });
      const [open] = rowsOf<{ n: string }>(await database.db.execute(sql`select count(*)::text as n from chain_deposits where state in ('DETECTED', 'CONFIRMED')`));
      if (result.cursor === result.head && open!.n === '0') return;
    }
    throw new Error('the watcher did not settle');
  }

  it('finds exactly the transfer on chain that chain_deposits lacks', async () => {
    const { db } = database;
    const owner = { type: 'merchant' as const, id: (await merchantWithBalance(db, '0')).merchantId };
    const address = (await depositAddressFor(db, { owner, family: 'evm', xpub: XPUB })).address as Address;
    await settle();
    const token = chain.tokens.USDT.contract as Address;

    // Seen and credited by the watcher.
    const credited = await transferTo(anvil, token, address, 25_000_000n);
    await settle();
    // Sent while the watcher was not looking: its cursor is moved past the block by hand.
    const missed = await transferTo(anvil, token, address, 7_000_000n);
    await anvil.client.mine({ blocks: 3 });
    const reader = evmChainReader({ rpcUrl: anvil.url });
    const head = await reader.headHeight();
    await db.execute(sql`update chain_cursors set height = ${head.toString()}::bigint, block_hash = ${(await reader.blockHash(head))!} where chain_key = ${chain.key}`);
    await runSolvencyCheck(db, { chains: [chain] });

    const today = new Date().toISOString().slice(0, 10);
    const afterDay = new Date(new Date(`${today}T00:00:00.000Z`).getTime() + 25 * 3_600_000);
    const run = await reconcileDay(db, today, { chains: [chain], readers: new Map([[chain.key, reader]]), now: afterDay });

    const items = await db.select().from(reconciliationItems);
    expect(items.map((item) => ({ check: item.check, subjectType: item.subjectType, state: item.state, reason: item.reason }))).toEqual([
      { check: 'ledger_chain', subjectType: 'chain_transfer', state: 'MISMATCHED', reason: 'deposit_missing_from_ledger' },
    ]);
    expect(items[0]!.subjectId.toLowerCase()).toBe(`${chain.key}:${missed}:0`.toLowerCase());
    expect(items[0]!.details).toMatchObject({ baseAmount: '7000000', to: address });
    // The credited deposit and its transfer, the chain itself, the solvency check (a surplus: ok): matched.
    expect(run.counts.ledger_chain).toEqual({ MATCHED: 4, MISMATCHED: 1, EXPECTED: 0 });
    expect(run.chainRanges[chain.key]).toEqual({ fromBlock: expect.any(String), toBlock: head.toString() });
    const [deposit] = rowsOf<{ tx: string }>(await db.execute(sql`select tx_hash as tx from chain_deposits`));
    expect(deposit!.tx.toLowerCase()).toBe(credited.toLowerCase());

    // The watcher records it later (as if rescanned): the next run finds it MATCHED by the data.
    await db.execute(sql`update chain_cursors set height = height - 5 where chain_key = ${chain.key}`);
    await db.execute(sql`update chain_cursors set block_hash = ${(await reader.blockHash(head - 5n))!} where chain_key = ${chain.key}`);
    await settle();
    await reconcileDay(db, today, { chains: [chain], readers: new Map([[chain.key, reader]]), now: afterDay });
    const [after] = await db.select().from(reconciliationItems);
    expect(after).toMatchObject({ state: 'MATCHED', matchedBy: 'data', reason: 'deposit_missing_from_ledger' });
  });
});
