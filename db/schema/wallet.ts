import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, money6, updatedAt } from './columns';

/** Deposit states (server/deposits/deposit-machine.ts, docs/wallet.md "Deposit states"). */
export type DepositState = 'DETECTED' | 'CONFIRMED' | 'CREDITED' | 'HELD' | 'ORPHANED' | 'DISMISSED';
export type DepositOwnerType = 'merchant' | 'trader';

/**
 * One deposit address per owner and chain family, derived from the family's extended public key at
 * `derivation_index` (docs/wallet.md, "Custody"). An index is never reused, so an address belongs
 * to one owner for ever; a retired address is still watched and what reaches it is held.
 */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    id: id(),
    ownerType: text('owner_type').$type<DepositOwnerType>().notNull(),
    ownerId: uuid('owner_id').notNull(),
    family: text('family').$type<'evm' | 'tron'>().notNull(),
    derivationIndex: integer('derivation_index').notNull(),
    /** Canonical form of the family (EVM: EIP-55 checksummed). */
    address: text('address').notNull(),
    createdAt: createdAt(),
    retiredAt: instant('retired_at'),
  },
  (t) => [
    uniqueIndex('deposit_addresses_family_index_key').on(t.family, t.derivationIndex),
    uniqueIndex('deposit_addresses_address_key').on(t.address),
    // One address in use per owner and family; a retired one makes room for the next.
    uniqueIndex('deposit_addresses_owner_active_key').on(t.ownerType, t.ownerId, t.family).where(sql`retired_at is null`),
    check('deposit_addresses_owner_type_check', sql`${t.ownerType} in ('merchant', 'trader')`),
    check('deposit_addresses_index_check', sql`${t.derivationIndex} >= 0`),
  ],
);

/**
 * A token transfer to one of our addresses, as the watcher saw it. Its identity is (chain, tx hash,
 * log index); once orphaned by a reorganisation the same transfer may be seen again in a new block,
 * so the key holds only among rows that are not ORPHANED.
 */
export const chainDeposits = pgTable(
  'chain_deposits',
  {
    id: id(),
    chainKey: text('chain_key').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    token: text('token').notNull(),
    address: text('address').notNull(),
    depositAddressId: uuid('deposit_address_id').references(() => depositAddresses.id),
    ownerType: text('owner_type').$type<DepositOwnerType>(),
    ownerId: uuid('owner_id'),
    /** The token's base units, as the chain reported them. */
    baseAmount: numeric('base_amount', { precision: 78, scale: 0 }).notNull(),
    /** What the ledger credits (or credited): base units at 6 decimals, rounded down. */
    amount: money6('amount').notNull(),
    /** Base units below 6 decimals that the ledger cannot hold (18-decimal tokens): recorded, not credited. */
    remainder: numeric('remainder', { precision: 78, scale: 0 }).notNull().default('0'),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockHash: text('block_hash').notNull(),
    state: text('state').$type<DepositState>().notNull(),
    /** Why a final deposit is not credited: `retired_address`, `unknown_address`, `below_minimum`. */
    heldReason: text('held_reason'),
    confirmations: integer('confirmations').notNull().default(0),
    transferId: text('transfer_id'),
    detectedAt: instant('detected_at').notNull().defaultNow(),
    confirmedAt: instant('confirmed_at'),
    creditedAt: instant('credited_at'),
    orphanedAt: instant('orphaned_at'),
    /** Set when a credited deposit's block left the chain: a reorg case is open (chain_reorg_cases). */
    reorgedAt: instant('reorged_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chain_deposits_transfer_key').on(t.chainKey, t.txHash, t.logIndex).where(sql`state <> 'ORPHANED'`),
    index('chain_deposits_open_idx').on(t.chainKey, t.state, t.blockNumber),
    index('chain_deposits_owner_idx').on(t.ownerType, t.ownerId, t.detectedAt.desc(), t.id.desc()),
    check('chain_deposits_state_check', sql`${t.state} in ('DETECTED', 'CONFIRMED', 'CREDITED', 'HELD', 'ORPHANED', 'DISMISSED')`),
  ],
);

/** How far the watcher has scanned each chain: the last height and the hash it had then. */
export const chainCursors = pgTable('chain_cursors', {
  chainKey: text('chain_key').primaryKey(),
  height: bigint('height', { mode: 'bigint' }).notNull(),
  blockHash: text('block_hash').notNull(),
  updatedAt: updatedAt(),
});

/**
 * A credited deposit whose block left the chain: the credit is never reversed silently, an
 * operator decides (docs/wallet.md, "Reorganisations"). One case per deposit.
 */
export const chainReorgCases = pgTable(
  'chain_reorg_cases',
  {
    id: id(),
    depositId: uuid('deposit_id')
      .notNull()
      .references(() => chainDeposits.id),
    chainKey: text('chain_key').notNull(),
    txHash: text('tx_hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    creditedBlockHash: text('credited_block_hash').notNull(),
    /** The hash at that height when the case opened (null: the chain is shorter now). */
    currentBlockHash: text('current_block_hash'),
    ownerType: text('owner_type').$type<DepositOwnerType>(),
    ownerId: uuid('owner_id'),
    amount: money6('amount').notNull(),
    openedAt: instant('opened_at').notNull().defaultNow(),
    resolvedAt: instant('resolved_at'),
    resolution: text('resolution'),
  },
  (t) => [uniqueIndex('chain_reorg_cases_deposit_key').on(t.depositId), index('chain_reorg_cases_open_idx').on(t.resolvedAt, t.openedAt)],
);

export type SolvencyStatus = 'ok' | 'shortfall' | 'error';

/** One chain's share of a solvency check: 6-decimal USDT strings, or the error that made it unreadable. */
export interface SolvencyChainHoldings {
  chain: string;
  /** Sum over the deposit addresses, at 6 decimals (rounded down per address). */
  depositAddresses?: string;
  hotWallet?: string;
  total?: string;
  addresses?: number;
  /** Set when the chain could not be read: the error's name, never its message (it may hold the RPC URL). */
  error?: string;
}

/**
 * Every run of the solvency check (server/solvency/run-solvency-check.ts, docs/wallet.md "Solvency
 * check"): USDT held on chain against what the ledger owes merchants and traders. A run with a chain
 * that could not be read is `error` and carries no totals: an unread chain never counts as zero.
 */
export const solvencyChecks = pgTable(
  'solvency_checks',
  {
    id: id(),
    runAt: instant('run_at').notNull().defaultNow(),
    status: text('status').$type<SolvencyStatus>().notNull(),
    holdings: jsonb('holdings').$type<SolvencyChainHoldings[]>().notNull(),
    holdingsTotal: money6('holdings_total'),
    owedTotal: money6('owed_total').notNull(),
    /** holdings − owed: negative is a shortfall. Null when a chain could not be read. */
    surplus: numeric('surplus', { precision: 26, scale: 6 }),
    /** The chain that could not be read (the first, when several). */
    errorChain: text('error_chain'),
  },
  (t) => [
    index('solvency_checks_run_at_idx').on(t.runAt.desc()),
    check('solvency_checks_status_check', sql`${t.status} in ('ok', 'shortfall', 'error')`),
    check('solvency_checks_figures_check', sql`(${t.status} = 'error') = (${t.surplus} is null)`),
  ],
);
