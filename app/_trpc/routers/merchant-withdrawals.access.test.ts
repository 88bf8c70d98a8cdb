import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, withdrawalAddresses } from '../../../db/schema';
import { totpCode, totpStep } from '../../../server/auth/totp';
import { confirmTotpEnrolment, startTotpEnrolment } from '../../../server/auth/totp-enrolment';
import { setProcessChainSettings } from '../../../server/chains/chain-settings';
import type { ChainConfig } from '../../../server/chains/chains';
import { createTestDatabase, type TestDatabase } from '../../../tests/db/test-database';
import { merchantWithOwner, teamMember, type TestMember } from '../../../tests/fixtures/merchant-team';
import { refusalCode } from '../../../tests/trpc/refusal-code';
import { callerAs, merchantSession, signedInTrader } from '../../../tests/trpc/trpc-harness';

const ETH: ChainConfig = {
  key: 'local-eth',
  family: 'evm',
  name: 'Local Ethereum',
  network: 'local',
  tokens: { USDT: { contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 6 } },
  confirmations: 3,
  pollIntervalMs: 1000,
  maxBlockRange: 10,
  minimumDeposit: '1',
  rpcUrl: 'http://127.0.0.1:1',
};
const ADDRESS = '0xABaBaBaBABabABabAbAbABAbABabababaBaBABaB';

let database: TestDatabase;
let owner: TestMember;
let developer: TestMember;
let secret: string;

beforeAll(async () => {
  database = await createTestDatabase();
  setProcessChainSettings({ chains: [ETH], xpubs: {} });
  ({ owner } = await merchantWithOwner(database.db));
  developer = await teamMember(database.db, owner, 'developer');
  // The owner's second factor, enrolled five minutes ago (so the code of now is a new one).
  const enrolledAt = new Date(Date.now() - 5 * 60_000);
  ({ secret } = await startTotpEnrolment(database.db, owner.userId));
  await confirmTotpEnrolment(database.db, { userId: owner.userId, code: totpCode(secret, totpStep(enrolledAt)), now: enrolledAt });
});
afterAll(async () => {
  setProcessChainSettings(undefined);
  await database.close();
});

const book = () => database.db.select().from(withdrawalAddresses);

describe('the merchant console adds a withdrawal address', () => {
  it('only an owner, and only with a fresh authenticator code; a code is good once', async () => {
    const input = { chain: ETH.key, address: ADDRESS, label: 'treasury' };
    const asOwner = callerAs(database.db, merchantSession(owner));
    const asDeveloper = callerAs(database.db, merchantSession(developer));

    expect(await refusalCode(asDeveloper.merchantWallet.addAddress({ ...input, totp: totpCode(secret, totpStep(new Date())) }))).toBe('FORBIDDEN');
    expect(await refusalCode(asOwner.merchantWallet.addAddress(input))).toBe('TOTP_REQUIRED');
    expect(await refusalCode(asOwner.merchantWallet.addAddress({ ...input, totp: totpCode(secret, totpStep(new Date()) + 20) }))).toBe('TOTP_INVALID');
    expect(await book()).toEqual([]);

    const code = totpCode(secret, totpStep(new Date()));
    const added = await asOwner.merchantWallet.addAddress({ ...input, totp: code });
    expect(added).toMatchObject({ chain: ETH.key, address: ADDRESS, label: 'treasury' });
    expect(new Date(added.usableAt).getTime() - new Date(added.createdAt).getTime()).toBe(24 * 3_600_000);
    expect(await refusalCode(asOwner.merchantWallet.addAddress({ ...input, address: ADDRESS.toLowerCase().replace('ab', 'cd'), totp: code }))).toBe('TOTP_INVALID');
    expect(await book()).toHaveLength(1);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, 'wallet.withdrawal_address_added'));
    expect(audit).toMatchObject([{ actorType: 'merchant', actorId: owner.userId, targetId: added.id }]);

    // The developer, who may not withdraw, cannot remove it either; the owner can.
    expect(await refusalCode(asDeveloper.merchantWallet.removeAddress({ addressId: added.id }))).toBe('FORBIDDEN');
    await asOwner.merchantWallet.removeAddress({ addressId: added.id });
    expect((await asOwner.merchantWallet.addresses({})).items).toEqual([]);
  });

  it("a trader's dashboard has a book of its own, which a merchant's user cannot reach", async () => {
    const trader = await signedInTrader(database.db, '100');
    const added = await trader.caller.traderWallet.addAddress({ chain: ETH.key, address: ADDRESS, label: 'my wallet' });
    expect((await trader.caller.traderWallet.addresses({})).items.map((item) => item.id)).toEqual([added.id]);
    const asOwner = callerAs(database.db, merchantSession(owner));
    expect(await refusalCode(asOwner.merchantWallet.removeAddress({ addressId: added.id }))).toBe('NOT_FOUND');
    expect(await refusalCode(asOwner.traderWallet.addresses({}))).toBe('FORBIDDEN');
    expect(await refusalCode(trader.caller.traderWallet.request({ chain: ETH.key, addressId: added.id, amount: '20' }))).toBe('WITHDRAWAL_ADDRESS_COOLING_DOWN');
  });
});
