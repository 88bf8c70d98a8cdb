import { TRPCError } from '@trpc/server';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositAddresses } from '../../../db/schema';
import { setProcessChainSettings } from '../../../server/chains/chain-settings';
import { EVM_ACCOUNT_PATH } from '../../../server/chains/evm/evm-address-deriver';
import { apiDatabase, apiMerchant, payoutTrader } from '../../../tests/api/api-harness';
import type { TestDatabase } from '../../../tests/db/test-database';
import { callerAs, traderSession } from '../../../tests/trpc/trpc-harness';
import type { DepositAddress } from '../../../clients/node/corridor-client';

const XPUB = HDKey.fromMasterSeed(mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about')).derive(EVM_ACCOUNT_PATH).publicExtendedKey;

let database: TestDatabase;

beforeAll(async () => {
  database = await apiDatabase();
  setProcessChainSettings({
    chains: [
      {
        key: 'local-eth',
        family: 'evm',
        name: 'local',
        network: 'local',
        tokens: { USDT: { contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 6 } },
        confirmations: 3,
        pollIntervalMs: 1000,
        maxBlockRange: 10,
        minimumDeposit: '1',
        rpcUrl: 'http://127.0.0.1:1',
      },
    ],
    xpubs: { evm: XPUB },
  });
});
afterAll(async () => {
  setProcessChainSettings(undefined);
  await database.close();
});

async function codeOf(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCError) return (error.cause as { code?: string } | undefined)?.code ?? error.code;
    throw error;
  }
  throw new Error('the call was not refused');
}

describe('trader deposits (tRPC)', () => {
  it('gives the trader one stable address of its own, apart from any merchant\'s, and lists only its deposits', async () => {
    const trader = await payoutTrader(database.db);
    const caller = callerAs(database.db, traderSession(trader));
    const first = await caller.trader.depositAddress({ chain: 'local-eth' });
    expect((await caller.trader.depositAddress({ chain: 'local-eth' })).address).toBe(first.address);
    const merchant = await apiMerchant(database.db);
    const merchantAddress = ((await merchant.client.getDepositAddress('local-eth')).body as DepositAddress).address;
    expect(merchantAddress).not.toBe(first.address);
    const [row] = (await database.db.select().from(depositAddresses)).filter((r) => r.address === first.address);
    expect(row).toMatchObject({ ownerType: 'trader', ownerId: trader.traderId });
    expect(await caller.trader.deposits({})).toEqual({ items: [], hasMore: false, nextCursor: null });
    expect(await codeOf(caller.trader.depositAddress({ chain: 'dogecoin' }))).toBe('CHAIN_NOT_SUPPORTED');
    // Test USDT only on the demo chain, which this process did not start.
    expect(await codeOf(caller.trader.sendTestUsdt({ chain: 'local-eth' }))).toBe('CHAIN_NOT_SUPPORTED');
  });
});
