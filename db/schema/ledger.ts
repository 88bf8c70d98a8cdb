import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, money6, updatedAt } from './columns';

export type LedgerOwner = 'merchant' | 'trader' | 'platform' | 'external';
export type LedgerAccountKind = 'available' | 'frozen' | 'escrow' | 'withdrawal_pending' | 'bond' | 'fees' | 'external';

/**
 * One balance. The id is derived from the owner (`merchant:<uuid>:available`, `platform:fees`, ...)
 * so the hot paths address accounts without a look-up. `balance` is a cache of the sum of the
 * account's postings, kept in the same statement that writes them; the invariant checker proves it.
 * Only system accounts (the external world) may go negative: the CHECK is the last line of
 * defence behind the conditional update in server/ledger.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: text('id').primaryKey(),
    ownerType: text('owner_type').$type<LedgerOwner>().notNull(),
    ownerId: uuid('owner_id'),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    currency: text('currency').notNull().default('USDT'),
    allowNegative: boolean('allow_negative').notNull().default(false),
    balance: money6('balance').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('ledger_accounts_owner_idx').on(t.ownerType, t.ownerId),
    check('ledger_accounts_non_negative_check', sql`${t.allowNegative} or ${t.balance} >= 0`),
  ],
);

/** A movement of value. The id is the caller's idempotency key for it (e.g. `payout:<id>:freeze`). */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    orderId: uuid('order_id'),
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_transfers_order_idx').on(t.orderId)],
);

/** The legs of a transfer; signed amounts that sum to zero per transfer. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: text('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: text('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: money6('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_postings_account_idx').on(t.accountId, t.id),
    index('ledger_postings_transfer_idx').on(t.transferId),
    // An owner's postings of a period in time order: the settlement report's keyset (account, time,
    // transfer id) reads each batch from its cursor, and the statements read only their period
    // (docs/performance.md, "Reports over a day of a million orders").
    index('ledger_postings_account_created_idx').on(t.accountId, t.createdAt, t.transferId),
    // The postings of a period: the journal finds the period's first and last posting id here once,
    // then reads its batches along the primary key between them.
    index('ledger_postings_created_idx').on(t.createdAt, t.id),
    check('ledger_postings_nonzero_check', sql`${t.amount} <> 0`),
  ],
);
