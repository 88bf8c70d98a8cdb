import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { chainSends, ledgerTransfers, outboxEvents, walletWithdrawals, withdrawalAddresses, withdrawalDailyTotals } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { signedInOperator } from '../../tests/trpc/trpc-harness';
import { cliActor } from '../audit';
import { setProcessChainSettings, type ChainSettings } from '../chains/chain-settings';
import type { ChainConfig } from '../chains/chains';
import { isDomainError } from '../errors';
import { accountIds } from '../ledger/account-ids';
import { balanceOf, platformFeeBalance } from '../ledger/balances';
import { checkLedgerInvariants } from '../ledger/check-invariants';
import { Dec } from '../money/decimal';
import { addWithdrawalAddress } from './address-book/add-withdrawal-address';
import { removeWithdrawalAddress } from './address-book/remove-withdrawal-address';
import { findWithdrawal } from './list-withdrawals';
import { requestWithdrawal } from './request-withdrawal';
import { decideWithdrawalProposal, reviewWithdrawal } from './review-withdrawal';
import { withdrawalSettlement } from './withdrawal-settlement';
import type { WithdrawalOwner } from './withdrawal-owner';
import { writeWithdrawalSettings } from './withdrawal-settings';

const chain = (key: string, family: 'evm' | 'tron'): ChainConfig => ({
  key,
  family,
  name: key,
  network: 'local',
  tokens: { USDT: { contract: family === 'evm' ? '0x5FbDB2315678afecb367f032d93F642f64180aa3' : 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', decimals: 6 } },
  confirmations: 3,
  pollIntervalMs: 1000,
  maxBlockRange: 10,
  minimumDeposit: '1',
  rpcUrl: 'http://127.0.0.1:1',
});
const CHAINS: ChainSettings = { chains: [chain('local-eth', 'evm'), chain('local-tron', 'tron')], xpubs: {} };
const EVM_ADDRESS = '0xABaBaBaBABabABabAbAbABAbABabababaBaBABaB';
const TRON_ADDRESS = 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV';
const DAY = 24 * 3_600_000;

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  // An operator's approval checks the send against the process's chains, as the console's does.
  setProcessChainSettings(CHAINS);
  // A fee of 1 on local-eth, 2 on local-tron; the rest the defaults (24 h cool-down, auto-approve up to 1000).
  await writeWithdrawalSettings(db, { fees: { 'local-eth': '1', 'local-tron': '2' }, minimumAmount: '10', ownerDailyLimit: '50000', platformDailyLimit: '500000' });
});
afterAll(async () => {
  setProcessChainSettings(undefined);
  await database.close();
});

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'OK',
    (error: unknown) => (isDomainError(error) ? error.code : `unexpected: ${String(error)}`),
  );

async function trader(balance: string) {
  const made = await traderWithBalance(db, balance);
  return { ...made, owner: { type: 'trader', id: made.traderId } as WithdrawalOwner };
}

/** A book address added long enough ago to be usable now. */
async function usableAddress(party: { owner: WithdrawalOwner; userId: string }, chainKey = 'local-eth', address = EVM_ADDRESS) {
  return addWithdrawalAddress(db, {
    owner: party.owner,
    userId: party.userId,
    totpRequired: false,
    input: { chain: chainKey, address, label: 'cold wallet' },
    chains: CHAINS,
    actor: { type: party.owner.type, id: party.userId },
    now: new Date(Date.now() - 2 * DAY),
  });
}

/** Confirms one withdrawal to the address, so the next ones are not "first use" of it. */
async function confirmedOnce(party: { owner: WithdrawalOwner }, addressId: string, operatorId: string, amount = '20') {
  const first = await requestWithdrawal(db, { owner: party.owner, input: { chain: 'local-eth', addressId, amount }, chains: CHAINS, now: new Date() });
  expect(first).toMatchObject({ state: 'REQUESTED', needsReview: 'new_address' });
  await reviewWithdrawal(db, { input: { withdrawalId: first.id, decision: 'approve' }, operator: { id: operatorId } });
  await settle(first.id, 'confirmed');
  return first;
}

/** Runs the signer's callbacks up to `last`, each in its own transaction as the signer would. */
async function settle(withdrawalId: string, last: 'signed' | 'broadcast' | 'confirmed' | 'failed') {
  const [send] = await db.select().from(chainSends).where(eq(chainSends.referenceId, withdrawalId));
  const report = { id: send!.id, referenceId: withdrawalId, chain: send!.chain, txHash: `0x${withdrawalId.replaceAll('-', '').padEnd(64, '0')}` };
  await db.transaction((tx) => withdrawalSettlement.signed(tx, report));
  if (last === 'signed') return report;
  await db.transaction((tx) => withdrawalSettlement.broadcast(tx, report));
  if (last === 'broadcast') return report;
  if (last === 'confirmed') await db.transaction((tx) => withdrawalSettlement.confirmed(tx, { ...report, gasSpent: '0.000421', nativeSymbol: 'ETH' }));
  else await db.transaction((tx) => withdrawalSettlement.failed(tx, { ...report, reason: 'execution reverted' }));
  return report;
}

/** Everything a refused request could have touched. */
async function footprint(owner: WithdrawalOwner) {
  const rows = async (table: typeof walletWithdrawals | typeof chainSends | typeof ledgerTransfers | typeof outboxEvents | typeof withdrawalDailyTotals) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    available: await balanceOf(db, accountIds.available(owner)),
    pending: await balanceOf(db, accountIds.withdrawalPending(owner)),
    withdrawals: await rows(walletWithdrawals),
    sends: await rows(chainSends),
    transfers: await rows(ledgerTransfers),
    events: await rows(outboxEvents),
    totals: JSON.stringify(await db.select().from(withdrawalDailyTotals).orderBy(withdrawalDailyTotals.scope)),
  };
}

async function expectInvariants() {
  const report = await checkLedgerInvariants(db);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
}

describe('requesting a withdrawal', () => {
  it('under the threshold, to a used address: approved in the same transaction, amount + fee held, exactly one send queued', async () => {
    const party = await trader('1000');
    const operator = await signedInOperator(db);
    const address = await usableAddress(party);
    await confirmedOnce(party, address.id, operator.userId);
    const before = await footprint(party.owner);

    const withdrawal = await requestWithdrawal(db, { owner: party.owner, input: { chain: 'local-eth', addressId: address.id, amount: '25.5' }, chains: CHAINS, now: new Date() });

    expect(withdrawal).toMatchObject({ state: 'APPROVED', amount: '25.500000', fee: '1.000000', toAddress: EVM_ADDRESS, needsReview: null });
    const sends = await db.select().from(chainSends).where(eq(chainSends.referenceId, withdrawal.id));
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ chain: 'local-eth', purpose: 'withdrawal', toAddress: EVM_ADDRESS, amount: '25.500000', state: 'QUEUED' });
    const after = await footprint(party.owner);
    expect(after.available).toBe('952.500000'); // 1000 - (20 + 1) - (25.5 + 1)
    expect(after.pending).toBe('26.500000');
    expect(after.sends).toBe(before.sends + 1);
    await expectInvariants();
  });

  it('a first use of an address, an amount over the threshold, an unusual amount: each waits in REQUESTED for an operator, nothing queued', async () => {
    const party = await trader('20000');
    const operator = await signedInOperator(db);
    const address = await usableAddress(party);
    const first = await requestWithdrawal(db, { owner: party.owner, input: { chain: 'local-eth', addressId: address.id, amount: '10' }, chains: CHAINS, now: new Date() });
    expect(first).toMatchObject({ state: 'REQUESTED', needsReview: 'new_address' });
    await reviewWithdrawal(db, { input: { withdrawalId: first.id, decision: 'approve' }, operator: { id: operator.userId } });

    const big = await requestWithdrawal(db, { owner: party.owner, input: { chain: 'local-eth', addressId: address.id, amount: '1000' }, chains: CHAINS, now: new Date() });
    expect(big).toMatchObject({ state: 'REQUESTED', needsReview: 'above_threshold' }); // 1000 + fee 1 > 1000
    // The median of the history (10) times 5 is 50: 60 is unusual, 50 is not.
    const unusual = await requestWithdrawal(db, { owner: party.owner, input: { chain: 'local-eth', addressId: address.id, amount: '60' }, chains: CHAINS, now: new Date() });
    expect(unusual).toMatchObject({ state: 'REQUESTED', needsReview: 'unusual_amount' });
    const usual = await requestWithdrawal(db, { owner: party.owner, input: { chain: 'local-eth', addressId: address.id, amount: '50' }, chains: CHAINS, now: new Date() });
    expect(usual).toMatchObject({ state: 'APPROVED', needsReview: null });
    for (const waiting of [big, unusual]) {
      expect(await db.select().from(chainSends).where(eq(chainSends.referenceId, waiting.id))).toEqual([]);
    }
    expect(await balanceOf(db, accountIds.withdrawalPending(party.owner))).toBe('1124.000000'); // 11 + 1001 + 61 + 51

    // An owner's own threshold replaces the platform's: under 20, the 50 approved above now waits.
    await writeWithdrawalSettings(db, { ownerAutoApproveLimits: { [`trader:${party.traderId}`]: '20' } });
    try {
      const limited = await requestWithdrawal(db, { owner: party.owner, input: { chain: 'local-eth', addressId: address.id, amount: '50' }, chains: CHAINS, now: new Date() });
      expect(limited).toMatchObject({ state: 'REQUESTED', needsReview: 'above_threshold' });
    } finally {
      await writeWithdrawalSettings(db, { ownerAutoApproveLimits: {} });
    }
    await expectInvariants();
  });

  it('every refusal answers its code and changes nothing: no balance, row, transfer, event or daily total', async () => {
    const party = await trader('500');
    const other = await trader('500');
    const address = await usableAddress(party);
    const tronAddress = await usableAddress(party, 'local-tron', TRON_ADDRESS);
    const removed = await usableAddress(party, 'local-eth', '0xCdCDCdCdcdcdcdCdcDcDCdcDcDCdCdcdCdcDCDcD');
    await removeWithdrawalAddress(db, { owner: party.owner, addressId: removed.id, actor: cliActor });
    const othersAddress = await usableAddress(other);
    const cooling = await addWithdrawalAddress(db, {
      owner: party.owner,
      userId: party.userId,
      totpRequired: false,
      input: { chain: 'local-eth', address: '0x3333333333333333333333333333333333333333', label: 'new' },
      chains: CHAINS,
      actor: cliActor,
    });
    // One accepted today already: the limits below are passed by the sum, not by one request alone.
    await requestWithdrawal(db, { owner: party.owner, input: { chain: 'local-eth', addressId: address.id, amount: '20' }, chains: CHAINS, now: new Date() });
    const before = await footprint(party.owner);

    const attempt = (input: { chain: string; addressId: string; amount: string }) => codeOf(requestWithdrawal(db, { owner: party.owner, input, chains: CHAINS, now: new Date() }));
    expect(await attempt({ chain: 'solana', addressId: address.id, amount: '20' })).toBe('CHAIN_NOT_SUPPORTED');
    expect(await attempt({ chain: 'local-eth', addressId: othersAddress.id, amount: '20' })).toBe('WITHDRAWAL_ADDRESS_NOT_FOUND');
    expect(await attempt({ chain: 'local-eth', addressId: removed.id, amount: '20' })).toBe('WITHDRAWAL_ADDRESS_NOT_FOUND');
    expect(await attempt({ chain: 'local-eth', addressId: tronAddress.id, amount: '20' })).toBe('WITHDRAWAL_ADDRESS_NOT_FOUND');
    expect(await attempt({ chain: 'local-eth', addressId: cooling.id, amount: '20' })).toBe('WITHDRAWAL_ADDRESS_COOLING_DOWN');
    expect(await attempt({ chain: 'local-eth', addressId: address.id, amount: '9.999999' })).toBe('WITHDRAWAL_BELOW_MINIMUM');
    expect(await attempt({ chain: 'local-eth', addressId: address.id, amount: '478.5' })).toBe('INSUFFICIENT_BALANCE'); // 479 left, + fee 1
    expect(await attempt({ chain: 'local-eth', addressId: address.id, amount: '-5' })).toBe('VALIDATION_FAILED');
    try {
      await limitRefusals();
    } finally {
      await writeWithdrawalSettings(db, { ownerDailyLimit: '50000', platformDailyLimit: '500000' });
    }

    expect(await footprint(party.owner)).toEqual(before);
    await expectInvariants();

    async function limitRefusals() {
      await writeWithdrawalSettings(db, { ownerDailyLimit: '100' });
      expect(await attempt({ chain: 'local-eth', addressId: address.id, amount: '100.000001' })).toBe('WITHDRAWAL_LIMIT_EXCEEDED');
      await writeWithdrawalSettings(db, { ownerDailyLimit: '30' });
      expect(await attempt({ chain: 'local-eth', addressId: address.id, amount: '10.000001' })).toBe('WITHDRAWAL_LIMIT_EXCEEDED'); // 20 + 10.000001
      const [platform] = await db.select().from(withdrawalDailyTotals).where(eq(withdrawalDailyTotals.scope, 'platform'));
      await writeWithdrawalSettings(db, { ownerDailyLimit: '50000', platformDailyLimit: new Dec(platform!.total).plus(15).toFixed() });
      expect(await attempt({ chain: 'local-eth', addressId: address.id, amount: '20' })).toBe('WITHDRAWAL_LIMIT_EXCEEDED');
      await writeWithdrawalSettings(db, { platformDailyLimit: '15' });
      expect(await attempt({ chain: 'local-eth', addressId: address.id, amount: '20' })).toBe('WITHDRAWAL_LIMIT_EXCEEDED');
    }
  });

  it('the cool-down ends when the setting says: usable 24 hours after it was added', async () => {
    const party = await trader('100');
    const addedAt = new Date(Date.now() - DAY + 60_000);
    const address = await addWithdrawalAddress(db, { owner: party.owner, userId: party.userId, totpRequired: false, input: { chain: 'local-eth', address: EVM_ADDRESS, label: 'x' }, chains: CHAINS, actor: cliActor, now: addedAt });
    expect(address.usableAt).toBe(new Date(addedAt.getTime() + DAY).toISOString());
    const request = (now: Date) => codeOf(requestWithdrawal(db, { owner: party.owner, input: { chain: 'local-eth', addressId: address.id, amount: '10' }, chains: CHAINS, now }));
    expect(await request(new Date())).toBe('WITHDRAWAL_ADDRESS_COOLING_DOWN');
    expect(await request(new Date(addedAt.getTime() + DAY))).toBe('OK');
  });

  it('two requests at once that together exceed the balance: exactly one wins, the other changes nothing', async () => {
    const party = await trader('100');
    const operator = await signedInOperator(db);
    const address = await usableAddress(party);
    await confirmedOnce(party, address.id, operator.userId, '20'); // 79 left
    const attempt = () => codeOf(requestWithdrawal(db, { owner: party.owner, input: { chain: 'local-eth', addressId: address.id, amount: '50' }, chains: CHAINS, now: new Date() }));
    const outcomes = await Promise.all([attempt(), attempt()]);
    expect(outcomes.sort()).toEqual(['INSUFFICIENT_BALANCE', 'OK']);
    expect(await balanceOf(db, accountIds.available(party.owner))).toBe('28.000000');
    const rows = await db.select().from(walletWithdrawals).where(eq(walletWithdrawals.ownerId, party.traderId));
    expect(rows).toHaveLength(2);
    // The daily total counts the winner only.
    const [total] = await db.select().from(withdrawalDailyTotals).where(eq(withdrawalDailyTotals.scope, `trader:${party.traderId}`));
    expect(total!.total).toBe('70.000000');
    await expectInvariants();
  });

  it("another owner's withdrawal is not found, the same as none", async () => {
    const party = await trader('100');
    const other = await trader('0');
    const address = await usableAddress(party);
    const withdrawal = await requestWithdrawal(db, { owner: party.owner, input: { chain: 'local-eth', addressId: address.id, amount: '10' }, chains: CHAINS, now: new Date() });
    expect(await codeOf(findWithdrawal(db, other.owner, withdrawal.id))).toBe('NOT_FOUND');
    expect(await findWithdrawal(db, party.owner, withdrawal.id)).toMatchObject({ id: withdrawal.id });
    expect(await codeOf(removeWithdrawalAddress(db, { owner: other.owner, addressId: address.id, actor: cliActor }))).toBe('NOT_FOUND');
  });
});

describe('the address book', () => {
  it('keeps the canonical form and refuses an address of the wrong family or with a broken checksum', async () => {
    const party = await trader('0');
    const add = (chainKey: string, address: string) =>
      addWithdrawalAddress(db, { owner: party.owner, userId: party.userId, totpRequired: false, input: { chain: chainKey, address, label: 'l' }, chains: CHAINS, actor: cliActor });
    expect((await add('local-eth', EVM_ADDRESS.toLowerCase())).address).toBe(EVM_ADDRESS);
    expect(await codeOf(add('local-eth', EVM_ADDRESS.replace('ABaB', 'AbaB')))).toBe('VALIDATION_FAILED');
    expect(await codeOf(add('local-eth', TRON_ADDRESS))).toBe('VALIDATION_FAILED');
    expect(await codeOf(add('local-tron', EVM_ADDRESS))).toBe('VALIDATION_FAILED');
    expect(await codeOf(add('local-tron', `${TRON_ADDRESS.slice(0, -1)}W`))).toBe('VALIDATION_FAILED');
    expect((await add('local-tron', TRON_ADDRESS)).address).toBe(TRON_ADDRESS);
    expect(await codeOf(add('local-tron', TRON_ADDRESS))).toBe('CONFLICT');
    expect(await codeOf(add('solana', TRON_ADDRESS))).toBe('CHAIN_NOT_SUPPORTED');
  });

  it("a merchant's new address writes wallet.withdrawal_address_added to its outbox", async () => {
    const merchant = await merchantWithBalance(db, '0');
    const operator = await signedInOperator(db); // any user row for added_by
    const view = await addWithdrawalAddress(db, {
      owner: { type: 'merchant', id: merchant.merchantId },
      userId: operator.userId,
      totpRequired: false,
      input: { chain: 'local-eth', address: EVM_ADDRESS, label: 'treasury' },
      chains: CHAINS,
      actor: cliActor,
    });
    const events = await db.select().from(outboxEvents).where(eq(outboxEvents.merchantId, merchant.merchantId));
    expect(events.map((event) => [event.type, (event.payload as { data: { id: string } }).data.id])).toEqual([['wallet.withdrawal_address_added', view.id]]);
    expect((await db.select().from(withdrawalAddresses).where(eq(withdrawalAddresses.id, view.id)))[0]).toMatchObject({ label: 'treasury' });
  });
});

describe('operator review', () => {
  it('rejecting returns amount + fee in one transfer with the reason, and frees the daily limit', async () => {
    const party = await trader('300');
    const operator = await signedInOperator(db);
    const address = await usableAddress(party);
    const withdrawal = await requestWithdrawal(db, { owner: party.owner, input: { chain: 'local-eth', addressId: address.id, amount: '200' }, chains: CHAINS, now: new Date() });
    expect(await balanceOf(db, accountIds.available(party.owner))).toBe('99.000000');

    const result = await reviewWithdrawal(db, { input: { withdrawalId: withdrawal.id, decision: 'reject', reason: 'address on a sanctions list' }, operator: { id: operator.userId } });

    expect(result.withdrawal).toMatchObject({ state: 'REJECTED', reason: 'address on a sanctions list' });
    expect(await balanceOf(db, accountIds.available(party.owner))).toBe('300.000000');
    expect(await balanceOf(db, accountIds.withdrawalPending(party.owner))).toBe('0.000000');
    expect(await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, `withdrawal:${withdrawal.id}:reject`))).toHaveLength(1);
    const [total] = await db.select().from(withdrawalDailyTotals).where(eq(withdrawalDailyTotals.scope, `trader:${party.traderId}`));
    expect(total!.total).toBe('0.000000');
    expect(await db.select().from(chainSends).where(eq(chainSends.referenceId, withdrawal.id))).toEqual([]);
    // Decided: a second decision is refused.
    expect(await codeOf(reviewWithdrawal(db, { input: { withdrawalId: withdrawal.id, decision: 'approve' }, operator: { id: operator.userId } }))).toBe('INVALID_ORDER_STATE');
    await expectInvariants();
  });

  it('above the four-eyes threshold a decision is a proposal: the proposer may not approve it, a second operator does', async () => {
    const party = await trader('5000');
    const first = await signedInOperator(db);
    const second = await signedInOperator(db);
    const address = await usableAddress(party);
    const withdrawal = await requestWithdrawal(db, { owner: party.owner, input: { chain: 'local-eth', addressId: address.id, amount: '1500' }, chains: CHAINS, now: new Date() });

    const proposed = await reviewWithdrawal(db, { input: { withdrawalId: withdrawal.id, decision: 'approve' }, operator: { id: first.userId } });
    expect(proposed).toMatchObject({ status: 'proposed', withdrawal: { state: 'REQUESTED' } });
    expect(await db.select().from(chainSends).where(eq(chainSends.referenceId, withdrawal.id))).toEqual([]);
    expect(await codeOf(reviewWithdrawal(db, { input: { withdrawalId: withdrawal.id, decision: 'reject', reason: 'x' }, operator: { id: second.userId } }))).toBe('RULING_PROPOSAL_PENDING');
    expect(await codeOf(decideWithdrawalProposal(db, { input: { proposalId: proposed.proposalId!, decision: 'approve' }, operator: { id: first.userId } }))).toBe('SELF_APPROVAL_FORBIDDEN');

    const decided = await decideWithdrawalProposal(db, { input: { proposalId: proposed.proposalId!, decision: 'approve' }, operator: { id: second.userId } });
    expect(decided).toMatchObject({ status: 'approved', withdrawal: { state: 'APPROVED' } });
    expect(await db.select().from(chainSends).where(eq(chainSends.referenceId, withdrawal.id))).toHaveLength(1);
    expect(await codeOf(decideWithdrawalProposal(db, { input: { proposalId: proposed.proposalId!, decision: 'approve' }, operator: { id: second.userId } }))).toBe('PROPOSAL_NOT_PENDING');
  });
});

describe('settlement of the send', () => {
  it('confirmed: amount to the outside world, fee to the platform, gas recorded in native units; a repeated callback changes nothing', async () => {
    const party = await trader('1000');
    const operator = await signedInOperator(db);
    const address = await usableAddress(party);
    const feesBefore = await platformFeeBalance(db);
    const externalBefore = await balanceOf(db, accountIds.external);
    const withdrawal = await requestWithdrawal(db, { owner: party.owner, input: { chain: 'local-eth', addressId: address.id, amount: '100' }, chains: CHAINS, now: new Date() });
    await reviewWithdrawal(db, { input: { withdrawalId: withdrawal.id, decision: 'approve' }, operator: { id: operator.userId } });
    const report = await settle(withdrawal.id, 'confirmed');
    await db.transaction((tx) => withdrawalSettlement.confirmed(tx, { ...report, gasSpent: '0.000421', nativeSymbol: 'ETH' }));

    const [row] = await db.select().from(walletWithdrawals).where(eq(walletWithdrawals.id, withdrawal.id));
    expect(row).toMatchObject({ state: 'CONFIRMED', txHash: report.txHash, gasSymbol: 'ETH' });
    expect(row!.gasSpent).toBe('0.000421000000000000');
    expect(await balanceOf(db, accountIds.available(party.owner))).toBe('899.000000');
    expect(await balanceOf(db, accountIds.withdrawalPending(party.owner))).toBe('0.000000');
    expect(await platformFeeBalance(db)).toBe(new Dec(feesBefore).plus(1).toFixed(6));
    expect(await balanceOf(db, accountIds.external)).toBe(new Dec(externalBefore).plus(100).toFixed(6));
    const events = await db.select({ type: outboxEvents.type }).from(outboxEvents).where(eq(outboxEvents.merchantId, party.traderId));
    expect(events).toEqual([]); // a trader's withdrawal has no outbox
    await expectInvariants();
  });

  it('failed: amount + fee back to available in one transfer, a case opens; a skipped step is refused', async () => {
    const party = await trader('1000');
    const operator = await signedInOperator(db);
    const address = await usableAddress(party);
    const withdrawal = await requestWithdrawal(db, { owner: party.owner, input: { chain: 'local-eth', addressId: address.id, amount: '100' }, chains: CHAINS, now: new Date() });
    await reviewWithdrawal(db, { input: { withdrawalId: withdrawal.id, decision: 'approve' }, operator: { id: operator.userId } });
    const [send] = await db.select().from(chainSends).where(eq(chainSends.referenceId, withdrawal.id));
    const early = { id: send!.id, referenceId: withdrawal.id, chain: 'local-eth', txHash: '0xabc' };
    expect(await codeOf(db.transaction((tx) => withdrawalSettlement.confirmed(tx, { ...early, gasSpent: '0', nativeSymbol: 'ETH' })))).toBe('INVALID_ORDER_STATE');

    await settle(withdrawal.id, 'failed');

    const [row] = await db.select().from(walletWithdrawals).where(eq(walletWithdrawals.id, withdrawal.id));
    expect(row).toMatchObject({ state: 'FAILED', reason: 'execution reverted' });
    expect(row!.caseOpenedAt).not.toBeNull();
    expect(await balanceOf(db, accountIds.available(party.owner))).toBe('1000.000000');
    expect(await balanceOf(db, accountIds.withdrawalPending(party.owner))).toBe('0.000000');
    expect(await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, `withdrawal:${withdrawal.id}:fail`))).toHaveLength(1);
    const queue = await operator.caller.operator.withdrawals.queue({});
    expect(queue.openCases.map((item) => item.id)).toContain(withdrawal.id);
    await expectInvariants();
  });

  it("a merchant's withdrawal writes each of its events to the merchant's outbox", async () => {
    const merchant = await merchantWithBalance(db, '1000');
    const owner: WithdrawalOwner = { type: 'merchant', id: merchant.merchantId };
    const operator = await signedInOperator(db);
    const address = await usableAddress({ owner, userId: operator.userId });
    const withdrawal = await requestWithdrawal(db, { owner, input: { chain: 'local-eth', addressId: address.id, amount: '100' }, chains: CHAINS, now: new Date() });
    await reviewWithdrawal(db, { input: { withdrawalId: withdrawal.id, decision: 'approve' }, operator: { id: operator.userId } });
    await settle(withdrawal.id, 'confirmed');
    const events = await db.select({ type: outboxEvents.type }).from(outboxEvents).where(eq(outboxEvents.merchantId, merchant.merchantId));
    expect(events.map((event) => event.type).sort()).toEqual([
      'wallet.withdrawal_address_added',
      'wallet.withdrawal_approved',
      'wallet.withdrawal_broadcast',
      'wallet.withdrawal_confirmed',
      'wallet.withdrawal_requested',
      'wallet.withdrawal_signed',
    ]);
  });
});
