import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { sql } from 'drizzle-orm';
import { getAddress, parseAbi, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { anvilBinary, deployToken, mintTo, startAnvil, transferTo, type Anvil } from '../../tests/chain/anvil';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import type { ChainConfig } from '../chains/chains';
import { EVM_ACCOUNT_PATH } from '../chains/evm/evm-address-deriver';
import { evmChainReader } from '../chains/evm/evm-chain-reader';
import { depositAddressFor } from '../deposits/deposit-address';
import { watchChainOnce } from '../deposits/watch-chain';
import { metricsRegistry } from '../metrics/registry';
import { registerSolvencyGauges } from '../metrics/solvency-gauges';
import { startScheduler } from '../scheduler/start-scheduler';
import { latestSolvencyChecks } from './list-solvency-checks';
import { runSolvencyCheck } from './run-solvency-check';

const XPUB = HDKey.fromMasterSeed(mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about')).derive(EVM_ACCOUNT_PATH).publicExtendedKey;
const CONFIRMATIONS = 2;
// The node's second test account: it has ether for gas, and the node signs for it.
const HOT_WALLET = getAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8');
const ELSEWHERE = getAddress('0x000000000000000000000000000000000000dEaD');
const ERC20 = parseAbi(['function transfer(address to, uint256 amount) returns (bool)']);

describe.skipIf(!anvilBinary())('solvency check on a real anvil node', () => {
  let anvil: Anvil;
  let database: TestDatabase;
  let usdt6: ChainConfig;
  let usdt18: ChainConfig;

  const chainOf = (key: string, contract: Address, decimals: number, hotWallet?: string): ChainConfig => ({
    key,
    family: 'evm',
    name: key,
    network: 'local',
    tokens: { USDT: { contract, decimals } },
    confirmations: CONFIRMATIONS,
    pollIntervalMs: 100,
    maxBlockRange: 50,
    minimumDeposit: '0.000001',
    rpcUrl: anvil.url,
    ...(hotWallet ? { hotWallet } : {}),
  });

  /** Mines and watches both chains until every deposit is credited. */
  async function settle() {
    const reader = evmChainReader({ rpcUrl: anvil.url });
    for (let round = 0; round < 40; round += 1) {
      await anvil.client.mine({ blocks: 1 });
      const results = [await watchChainOnce(database.db, { chain: usdt6, reader }), await watchChainOnce(database.db, { chain: usdt18, reader })];
      const [open] = rowsOf<{ n: number | string }>(await database.db.execute(sql`select count(*) as n from chain_deposits where state in ('DETECTED', 'CONFIRMED')`));
      if (results.every((result) => result.cursor === result.head) && Number(open!.n) === 0) return;
    }
    throw new Error('the watcher did not settle');
  }

  async function gauge(name: string, status?: string): Promise<number | undefined> {
    const metric = metricsRegistry().getSingleMetric(name);
    const values = (await metric!.get()).values;
    return values.find((value) => status === undefined || value.labels.status === status)?.value;
  }

  beforeAll(async () => {
    anvil = await startAnvil();
    database = await createTestDatabase();
    const token6 = await deployToken(anvil, 6);
    const token18 = await deployToken(anvil, 18);
    await mintTo(anvil, token6, anvil.client.account.address, 10n ** 15n);
    await mintTo(anvil, token18, anvil.client.account.address, 10n ** 27n);
    usdt6 = chainOf('anvil-usdt6', token6, 6, HOT_WALLET);
    usdt18 = chainOf('anvil-usdt18', token18, 18);
    registerSolvencyGauges(async () => database.db);
    // The cursors start here, before any deposit.
    await settle();
  });
  afterAll(async () => {
    await database?.close();
    await anvil?.stop();
  });

  it('finds the chains holding what the ledger owes: ok, with the exact figures', async () => {
    const merchant = { type: 'merchant' as const, id: (await merchantWithBalance(database.db, '0')).merchantId };
    const trader = { type: 'trader' as const, id: (await traderWithBalance(database.db, '0')).traderId };
    const merchantAddress = (await depositAddressFor(database.db, { owner: merchant, family: 'evm', xpub: XPUB })).address as Address;
    const traderAddress = (await depositAddressFor(database.db, { owner: trader, family: 'evm', xpub: XPUB })).address as Address;
    // A retired address is not counted, whatever it holds.
    const retiredOwner = { type: 'merchant' as const, id: (await merchantWithBalance(database.db, '0')).merchantId };
    const retired = (await depositAddressFor(database.db, { owner: retiredOwner, family: 'evm', xpub: XPUB })).address as Address;
    await database.db.execute(sql`update deposit_addresses set retired_at = now() where address = ${retired}`);

    await transferTo(anvil, usdt6.tokens.USDT.contract as Address, merchantAddress, 12_345_678n); // 12.345678
    await transferTo(anvil, usdt6.tokens.USDT.contract as Address, traderAddress, 1_000_000_001n); // 1000.000001
    await transferTo(anvil, usdt18.tokens.USDT.contract as Address, merchantAddress, 7_250_000_000_000_000_000n); // 7.25
    await mintTo(anvil, usdt6.tokens.USDT.contract as Address, retired, 999_000_000n);
    // The hot wallet holds USDT already swept from deposits: 60 of it is owed to a merchant credited by an operator.
    await mintTo(anvil, usdt6.tokens.USDT.contract as Address, HOT_WALLET, 100_000_000n);
    await merchantWithBalance(database.db, '60');
    await settle();

    const check = await runSolvencyCheck(database.db, { chains: [usdt6, usdt18] });
    expect(check).toMatchObject({
      status: 'ok',
      owedTotal: '1079.595679',
      holdingsTotal: '1119.595679',
      surplus: '40.000000',
      errorChain: null,
      holdings: [
        { chain: 'anvil-usdt6', addresses: 2, depositAddresses: '1012.345679', hotWallet: '100.000000', total: '1112.345679' },
        { chain: 'anvil-usdt18', addresses: 2, depositAddresses: '7.250000', total: '7.250000' },
      ],
    });
    expect((await latestSolvencyChecks(database.db, 1))[0]?.id).toBe(check!.id);
    expect(await gauge('corridor_solvency_surplus_usdt')).toBe(40);
    expect(await gauge('corridor_solvency_check_status', 'ok')).toBe(1);
    expect(await gauge('corridor_solvency_last_success_timestamp_seconds')).toBe(check!.runAt.getTime() / 1000);
  });

  it('records the exact shortfall when USDT leaves the hot wallet', async () => {
    await anvil.client.impersonateAccount({ address: HOT_WALLET });
    await anvil.client.writeContract({ account: HOT_WALLET, chain: anvil.client.chain, address: usdt6.tokens.USDT.contract as Address, abi: ERC20, functionName: 'transfer', args: [ELSEWHERE, 70_500_001n] });
    await anvil.client.stopImpersonatingAccount({ address: HOT_WALLET });
    await anvil.client.mine({ blocks: 1 });

    const check = await runSolvencyCheck(database.db, { chains: [usdt6, usdt18] });
    expect(check).toMatchObject({ status: 'shortfall', owedTotal: '1079.595679', holdingsTotal: '1049.095678', surplus: '-30.500001' });
    expect(check!.holdings[0]).toMatchObject({ hotWallet: '29.499999' });
    expect(await gauge('corridor_solvency_surplus_usdt')).toBe(-30.500001);
    expect(await gauge('corridor_solvency_check_status', 'shortfall')).toBe(1);
    expect(await gauge('corridor_solvency_check_status', 'ok')).toBe(0);
  });

  it('records an unreadable chain as an error, never as zero, and keeps the last figures on the metric', async () => {
    const before = await latestSolvencyChecks(database.db, 1);
    const broken: ChainConfig = { ...usdt18, key: 'unreachable', rpcUrl: 'http://127.0.0.1:1' };
    const readers = new Map([['unreachable', evmChainReader({ rpcUrl: broken.rpcUrl, timeoutMs: 2_000 })]]);
    const check = await runSolvencyCheck(database.db, { chains: [usdt6, broken, usdt18], readers });
    expect(check).toMatchObject({ status: 'error', errorChain: 'unreachable', holdingsTotal: null, surplus: null, owedTotal: '1079.595679' });
    expect(check!.holdings[1]).toEqual({ chain: 'unreachable', error: expect.any(String) });
    expect(JSON.stringify(check!.holdings)).not.toContain('127.0.0.1:1');
    expect(await gauge('corridor_solvency_check_status', 'error')).toBe(1);
    expect(await gauge('corridor_solvency_surplus_usdt')).toBe(-30.500001);
    expect(await gauge('corridor_solvency_last_success_timestamp_seconds')).toBe(before[0]!.runAt.getTime() / 1000);
  });

  it('runs once per interval across callers, and from the scheduler', async () => {
    const count = async () => Number(rowsOf<{ n: number | string }>(await database.db.execute(sql`select count(*) as n from solvency_checks`))[0]!.n);
    await database.db.execute(sql`delete from solvency_checks`);
    // Three nodes at once, a ten-minute interval: one runs, the others find it done or locked.
    const runs = await Promise.all([1, 2, 3].map(() => runSolvencyCheck(database.db, { chains: [usdt6, usdt18], intervalMs: 600_000 })));
    expect(runs.filter((run) => run !== null)).toHaveLength(1);
    expect(await count()).toBe(1);

    await database.db.execute(sql`delete from solvency_checks`);
    const stop = startScheduler(database.db, 60_000, { solvency: { chains: [usdt6, usdt18], intervalMs: 600_000 } });
    try {
      for (let attempt = 0; attempt < 100 && (await count()) === 0; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await stop();
    }
    const [latest] = await latestSolvencyChecks(database.db, 1);
    expect(latest).toMatchObject({ status: 'shortfall', surplus: '-30.500001' });
    expect(await count()).toBe(1);
  });
});
