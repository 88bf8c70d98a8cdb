import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { ledgerAccounts, walletWithdrawals, withdrawalAddresses } from '../../db/schema';
import type { ChainSettings } from '../chains/chain-settings';
import { DomainError, isDomainError } from '../errors';
import { withIdempotency, type IdempotencyScope, type IdempotentOutcome } from '../idempotency/with-idempotency';
import { accountIds } from '../ledger/account-ids';
import { move } from '../ledger/move';
import { Dec } from '../money/decimal';
import { retryTransaction } from '../../db/retry-transaction';
import { parseInput } from '../validation/parse-input';
import { approveWithdrawal } from './approve-withdrawal';
import { writeWithdrawalEvent } from './apply-withdrawal-transition';
import { countAgainstLimits, withdrawalDay } from './daily-totals';
import { reviewReasonOf } from './review-reason';
import { supportedChain } from './supported-chain';
import type { WithdrawalOwner } from './withdrawal-owner';
import { autoApproveLimitOf, feeOf, withdrawalSettings } from './withdrawal-settings';
import { requestWithdrawalInput, withdrawalView, type RequestWithdrawalInput, type WithdrawalView } from './withdrawal.schema';

interface RequestOptions {
  owner: WithdrawalOwner;
  input: RequestWithdrawalInput;
  chains: ChainSettings;
  now: Date;
}

/**
 * Requests a USDT withdrawal (docs/wallet.md, "Withdrawals"), all in one transaction: the checks
 * (chain, minimum, book address past its cool-down, daily limits), the row in REQUESTED, one
 * transfer of amount + fee from available to withdrawal pending, `wallet.withdrawal_requested`,
 * and, when no rule asks for an operator, the approval with its queued send. Any refusal throws
 * and rolls all of it back: nothing changes.
 */
async function requestWithdrawalIn(tx: Tx, options: RequestOptions): Promise<WithdrawalView> {
  const input = parseInput(requestWithdrawalInput, options.input);
  const { owner, now } = options;
  const chain = supportedChain(options.chains, input.chain);
  const settings = await withdrawalSettings(tx);
  const amount = new Dec(input.amount).toFixed(6);
  if (new Dec(amount).lt(settings.minimumAmount)) {
    throw new DomainError('WITHDRAWAL_BELOW_MINIMUM', `The smallest withdrawal is ${settings.minimumAmount} USDT.`);
  }
  const fee = new Dec(feeOf(settings, chain.key)).toFixed(6);

  const [address] = await tx
    .select()
    .from(withdrawalAddresses)
    .where(
      and(
        eq(withdrawalAddresses.id, input.addressId),
        eq(withdrawalAddresses.ownerType, owner.type),
        eq(withdrawalAddresses.ownerId, owner.id),
        eq(withdrawalAddresses.chainKey, chain.key),
        isNull(withdrawalAddresses.removedAt),
      ),
    );
  if (!address) throw new DomainError('WITHDRAWAL_ADDRESS_NOT_FOUND', `No address with this id for ${chain.key} in your withdrawal book.`);
  if (address.usableAt.getTime() > now.getTime()) {
    throw new DomainError('WITHDRAWAL_ADDRESS_COOLING_DOWN', `This address is new: it can be used from ${address.usableAt.toISOString()}.`);
  }

  await countAgainstLimits(tx, { owner, amount, day: withdrawalDay(now), ownerLimit: settings.ownerDailyLimit, platformLimit: settings.platformDailyLimit });

  const reason = await reviewReasonOf(tx, { owner, addressId: address.id, amount, fee, autoApproveLimit: autoApproveLimitOf(settings, owner) });
  const [created] = await tx
    .insert(walletWithdrawals)
    .values({ ownerType: owner.type, ownerId: owner.id, chainKey: chain.key, addressId: address.id, toAddress: address.address, amount, fee, state: 'REQUESTED', needsReview: reason, requestedAt: now, updatedAt: now })
    .returning();
  const withdrawal = created!;
  // Owners opened before withdrawals existed got the account from the migration; this covers any other.
  await tx
    .insert(ledgerAccounts)
    .values({ id: accountIds.withdrawalPending(owner), ownerType: owner.type, ownerId: owner.id, kind: 'withdrawal_pending' })
    .onConflictDoNothing();
  const total = new Dec(amount).plus(fee).toFixed(6);
  try {
    await move(tx, {
      id: `withdrawal:${withdrawal.id}:request`,
      kind: 'withdrawal.request',
      memo: `${chain.key} ${address.address}`,
      from: accountIds.available(owner),
      to: [{ accountId: accountIds.withdrawalPending(owner), amount: total }],
    });
  } catch (error) {
    // The ledger names the account in meta; the caller hears the sum it could not cover instead.
    if (isDomainError(error) && error.code === 'INSUFFICIENT_BALANCE') {
      throw new DomainError('INSUFFICIENT_BALANCE', `The available balance is less than amount + fee (${total} USDT).`);
    }
    throw error;
  }

  await writeWithdrawalEvent(tx, { row: withdrawal, type: 'wallet.withdrawal_requested', now });
  if (reason) return withdrawalView(withdrawal);
  return withdrawalView(await approveWithdrawal(tx, { withdrawal, actor: { type: 'system', id: null }, now, chains: options.chains.chains }));
}

/** The request in its own transaction (the pages). */
export function requestWithdrawal(db: Db, options: RequestOptions): Promise<WithdrawalView> {
  return retryTransaction(db, (tx) => requestWithdrawalIn(tx, options));
}

/** The request under an Idempotency-Key (POST /api/v1/wallet/withdrawals): a replay answers the first response. */
export function requestWithdrawalIdempotently(db: Db, options: RequestOptions & { idempotency: IdempotencyScope }): Promise<IdempotentOutcome> {
  return withIdempotency(db, { scope: options.idempotency, now: options.now, effect: async (tx) => ({ status: 201, body: await requestWithdrawalIn(tx, options) }) });
}
