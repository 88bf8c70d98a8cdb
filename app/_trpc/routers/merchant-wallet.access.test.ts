import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainDeposits } from '../../../db/schema';
import { setProcessChainSettings } from '../../../server/chains/chain-settings';
import { EVM_ACCOUNT_PATH } from '../../../server/chains/evm/evm-address-deriver';
import { createTestDatabase, type TestDatabase } from '../../../tests/db/test-database';
import { merchantWithOwner, teamMember, type TestMember } from '../../../tests/fixtures/merchant-team';
import { refusalCode } from '../../../tests/trpc/refusal-code';
import { callerAs, merchantSession } from '../../../tests/trpc/trpc-harness';
import { appRouter } from '../root';

const XPUB = HDKey.fromMasterSeed(mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about')).derive(EVM_ACCOUNT_PATH).publicExtendedKey;
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

let database: TestDatabase;
let owner: TestMember;
let finance: TestMember;
let support: TestMember;
let otherOwner: TestMember;

const as = (member: TestMember) => callerAs(database.db, merchantSession(member));

async function depositTo(member: TestMember, address: string, txHash: string) {
  await database.db.insert(chainDeposits).values({
    chainKey: 'local-eth',
    txHash,
    logIndex: 0,
    token: TOKEN,
    address,
    ownerType: 'merchant',
    ownerId: member.merchantId,
    baseAmount: '25000000',
    amount: '25.000000',
    blockNumber: 7n,
    blockHash: `0x${'b'.repeat(64)}`,
    state: 'DETECTED',
    confirmations: 1,
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  setProcessChainSettings({
    chains: [
      {
        key: 'local-eth',
        family: 'evm',
        name: 'Local Ethereum',
        network: 'local',
        tokens: { USDT: { contract: TOKEN, decimals: 6 } },
        confirmations: 3,
        pollIntervalMs: 1000,
        maxBlockRange: 10,
        minimumDeposit: '1',
        rpcUrl: 'http://127.0.0.1:1',
      },
    ],
    xpubs: { evm: XPUB },
  });
  ({ owner } = await merchantWithOwner(database.db));
  finance = await teamMember(database.db, owner, 'finance');
  support = await teamMember(database.db, owner, 'support');
  ({ owner: otherOwner } = await merchantWithOwner(database.db));
});
afterAll(async () => {
  setProcessChainSettings(undefined);
  await database.close();
});

describe('merchant wallet (tRPC)', () => {
  it('gives each merchant its own stable address and lists only its own deposits', async () => {
    const mine = await as(owner).merchantWallet.depositAddress({ chain: 'local-eth' });
    expect(mine).toMatchObject({ chain: 'local-eth', family: 'evm', confirmations: 3, minimumDeposit: '1' });
    // The team shares the merchant's address: finance sees the owner's.
    expect((await as(finance).merchantWallet.depositAddress({ chain: 'local-eth' })).address).toBe(mine.address);
    const theirs = await as(otherOwner).merchantWallet.depositAddress({ chain: 'local-eth' });
    expect(theirs.address).not.toBe(mine.address);

    await depositTo(owner, mine.address, `0x${'1'.repeat(64)}`);
    await depositTo(otherOwner, theirs.address, `0x${'2'.repeat(64)}`);
    const seen = await as(owner).merchantWallet.deposits({});
    expect(seen.items.map((d) => d.txHash)).toEqual([`0x${'1'.repeat(64)}`]);
    expect((await as(finance).merchantWallet.deposits({})).items.map((d) => d.address)).toEqual([mine.address]);
    expect((await as(otherOwner).merchantWallet.deposits({})).items.map((d) => d.txHash)).toEqual([`0x${'2'.repeat(64)}`]);
  });

  it('refuses a role without the balance, an unknown chain and a foreign cursor shape', async () => {
    expect(await refusalCode(as(support).merchantWallet.depositAddress({ chain: 'local-eth' }))).toBe('FORBIDDEN');
    expect(await refusalCode(as(support).merchantWallet.deposits({}))).toBe('FORBIDDEN');
    expect(await refusalCode(as(owner).merchantWallet.depositAddress({ chain: 'dogecoin' }))).toBe('CHAIN_NOT_SUPPORTED');
    expect(await refusalCode(as(owner).merchantWallet.deposits({ startingAfter: 'not-a-cursor' }))).toBe('BAD_REQUEST');
    // Test USDT only on the demo chain, which this process did not start: refused, nothing sent.
    expect(await refusalCode(as(owner).merchantWallet.sendTestUsdt({ chain: 'local-eth' }))).toBe('CHAIN_NOT_SUPPORTED');
    expect(await refusalCode(as(support).merchantWallet.sendTestUsdt({ chain: 'local-eth' }))).toBe('FORBIDDEN');
    // An owner id in the input is not a thing the procedure takes.
    expect(await refusalCode(as(owner).merchantWallet.deposits({ owner: otherOwner.merchantId } as never))).toBe('BAD_REQUEST');
  });

  it('covers every procedure of the router', () => {
    // The deposit procedures here; the withdrawal ones in merchant-withdrawals.access.test.ts.
    expect(Object.keys(appRouter._def.procedures).filter((name) => name.startsWith('merchantWallet.')).sort()).toEqual([
      'merchantWallet.addAddress',
      'merchantWallet.addresses',
      'merchantWallet.chains',
      'merchantWallet.depositAddress',
      'merchantWallet.deposits',
      'merchantWallet.removeAddress',
      'merchantWallet.request',
      'merchantWallet.sendTestUsdt',
      'merchantWallet.withdrawal',
      'merchantWallet.withdrawals',
    ]);
  });
});
