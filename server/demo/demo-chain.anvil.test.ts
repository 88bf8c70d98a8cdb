import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesOf } from '../ledger/balances';
import { chainReaderFor } from '../chains/chain-readers';
import type { ChainSettings } from '../chains/chain-settings';
import { anvilBinary } from './anvil-binary';
import { demoChain } from './demo-chain';
import { sendTestUsdt } from './send-test-usdt';
import { startDemoChain } from './start-demo-chain';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { merchantWithBalance } from '../../tests/fixtures/parties';
import { watchChainOnce } from '../deposits/watch-chain';
import { listDeposits } from '../deposits/list-deposits';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe.skipIf(!anvilBinary())('the demo chain (npm start in demo mode)', () => {
  it('starts anvil with a test USDT; "send test USDT" reaches the owner\'s address and the watcher credits it', async () => {
    const started = await startDemoChain();
    if ('reason' in started) throw new Error(started.reason);
    const { chain } = started;
    expect(chain).toMatchObject({ network: 'local', family: 'evm', confirmations: 3 });
    expect(demoChain()?.chainKey).toBe(chain.key);
    const settings: ChainSettings = { chains: [chain], xpubs: { evm: started.xpub } };
    const merchant = await merchantWithBalance(database.db, '0');
    const owner = { type: 'merchant' as const, id: merchant.merchantId };

    // Another chain than the demo's is refused, and nothing is sent.
    await expect(sendTestUsdt(database.db, { owner, chainKey: 'ethereum', settings })).rejects.toMatchObject({ code: 'CHAIN_NOT_SUPPORTED' });
    const sent = await sendTestUsdt(database.db, { owner, chainKey: chain.key, settings });
    expect(sent.txHash).toMatch(/^0x[0-9a-f]{64}$/);

    // Anvil mines a block a second: the watcher sees the deposit, then credits it after 3 confirmations.
    const reader = chainReaderFor(chain);
    const deadline = Date.now() + 20_000;
    let state = '';
    while (Date.now() < deadline && state !== 'CREDITED') {
      await watchChainOnce(database.db, { chain, reader });
      state = (await listDeposits(database.db, owner, { limit: 5 })).items[0]?.state ?? '';
      if (state !== 'CREDITED') await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(state).toBe('CREDITED');
    const [deposit] = (await listDeposits(database.db, owner, { limit: 5 })).items;
    expect(deposit).toMatchObject({ txHash: sent.txHash, amount: '25.000000' });
    expect((await balancesOf(database.db, 'merchant', merchant.merchantId)).available).toBe('25.000000');
  }, 60_000);
});
