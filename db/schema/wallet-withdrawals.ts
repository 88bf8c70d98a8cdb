import { sql } from 'drizzle-orm';
import { check, date, index, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, money2, money6, updatedAt } from './columns';
import { users } from './users';
import type { DepositOwnerType } from './wallet';

/** USDT withdrawal states (server/withdrawals/withdrawal-machine.ts, docs/wallet.md "Withdrawals"). */
export type WithdrawalState = 'REQUESTED' | 'APPROVED' | 'SIGNED' | 'BROADCAST' | 'CONFIRMED' | 'FAILED' | 'REJECTED';
/** Why a requested withdrawal waits for an operator instead of being approved at once. */
export type WithdrawalReviewReason = 'above_threshold' | 'new_address' | 'unusual_amount';

/**
 * An owner's withdrawal address book: where their USDT may go, per chain. A new address is usable
 * only from `usable_at` (the cool-down), so a stolen session cannot add an address and empty the
 * balance to it at once. Removing keeps the row (withdrawals refer to it).
 */
export const withdrawalAddresses = pgTable(
  'withdrawal_addresses',
  {
    id: id(),
    ownerType: text('owner_type').$type<DepositOwnerType>().notNull(),
    ownerId: uuid('owner_id').notNull(),
    chainKey: text('chain_key').notNull(),
    /** Canonical form of the chain's family (EVM: EIP-55 checksummed; TRON: base58check). */
    address: text('address').notNull(),
    label: text('label').notNull(),
    usableAt: instant('usable_at').notNull(),
    /** The user who added it. */
    addedBy: uuid('added_by').references(() => users.id),
    createdAt: createdAt(),
    removedAt: instant('removed_at'),
  },
  (t) => [
    index('withdrawal_addresses_owner_idx').on(t.ownerType, t.ownerId, t.createdAt),
    uniqueIndex('withdrawal_addresses_live_key').on(t.ownerType, t.ownerId, t.chainKey, t.address).where(sql`removed_at is null`),
    check('withdrawal_addresses_owner_type_check', sql`${t.ownerType} in ('merchant', 'trader')`),
  ],
);

/**
 * A USDT withdrawal from an owner's available balance to one of their book's addresses. amount +
 * fee sit in the owner's `withdrawal_pending` account from the request until the send is confirmed
 * (then they leave) or fails or is rejected (then they come back).
 */
export const walletWithdrawals = pgTable(
  'wallet_withdrawals',
  {
    id: id(),
    ownerType: text('owner_type').$type<DepositOwnerType>().notNull(),
    ownerId: uuid('owner_id').notNull(),
    chainKey: text('chain_key').notNull(),
    addressId: uuid('address_id')
      .notNull()
      .references(() => withdrawalAddresses.id),
    toAddress: text('to_address').notNull(),
    /** What reaches the address (6-decimal USDT). */
    amount: money6('amount').notNull(),
    /** The chain's flat network fee at the time of the request, kept by the platform. */
    fee: money6('fee').notNull(),
    state: text('state').$type<WithdrawalState>().notNull(),
    /** Set while REQUESTED and waiting for an operator; kept afterwards as the reason it waited. */
    needsReview: text('needs_review').$type<WithdrawalReviewReason>(),
    /** The operator's reason for a rejection, or the chain's for a failure. */
    reason: text('reason'),
    chainSendId: uuid('chain_send_id'),
    txHash: text('tx_hash'),
    /** Gas the send burned, in the chain's native coin (the ledger holds USDT only). */
    gasSpent: numeric('gas_spent', { precision: 40, scale: 18 }),
    gasSymbol: text('gas_symbol'),
    /** A failed send opens a case for an operator; resolved when they have looked at it. */
    caseOpenedAt: instant('case_opened_at'),
    caseResolvedAt: instant('case_resolved_at'),
    requestedAt: instant('requested_at').notNull().defaultNow(),
    decidedAt: instant('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id),
    signedAt: instant('signed_at'),
    broadcastAt: instant('broadcast_at'),
    confirmedAt: instant('confirmed_at'),
    failedAt: instant('failed_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('wallet_withdrawals_owner_idx').on(t.ownerType, t.ownerId, t.requestedAt.desc(), t.id.desc()),
    index('wallet_withdrawals_state_idx').on(t.state, t.requestedAt),
    check('wallet_withdrawals_owner_type_check', sql`${t.ownerType} in ('merchant', 'trader')`),
    check('wallet_withdrawals_state_check', sql`${t.state} in ('REQUESTED', 'APPROVED', 'SIGNED', 'BROADCAST', 'CONFIRMED', 'FAILED', 'REJECTED')`),
    check('wallet_withdrawals_amounts_check', sql`${t.amount} > 0 and ${t.fee} >= 0`),
  ],
);

/**
 * Daily withdrawal totals, per owner (`merchant:<id>`, `trader:<id>`) and for the platform's hot
 * wallets (`platform`): the limits are enforced by one conditional upsert on this row, so two
 * concurrent requests can never together pass a limit each passes alone.
 */
export const withdrawalDailyTotals = pgTable(
  'withdrawal_daily_totals',
  {
    scope: text('scope').notNull(),
    day: date('day').notNull(),
    total: money6('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.day] }), check('withdrawal_daily_totals_total_check', sql`${t.total} >= 0`)],
);

export type WithdrawalProposalStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn';

/**
 * An operator's decision on a withdrawal above the four-eyes threshold, waiting for a second
 * operator (the disputes' mechanism, docs/operator-guide.md "Four eyes"). One pending per withdrawal.
 */
export const withdrawalProposals = pgTable(
  'withdrawal_proposals',
  {
    id: id(),
    withdrawalId: uuid('withdrawal_id')
      .notNull()
      .references(() => walletWithdrawals.id),
    decision: text('decision').$type<'approve' | 'reject'>().notNull(),
    reason: text('reason'),
    fourEyesThreshold: money2('four_eyes_threshold').notNull(),
    status: text('status').$type<WithdrawalProposalStatus>().notNull().default('pending'),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => users.id),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: instant('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('withdrawal_proposals_pending_key').on(t.withdrawalId).where(sql`${t.status} = 'pending'`),
    check('withdrawal_proposals_decision_check', sql`${t.decision} in ('approve', 'reject')`),
    check('withdrawal_proposals_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'withdrawn')`),
  ],
);
