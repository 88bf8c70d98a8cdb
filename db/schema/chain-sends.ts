import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, updatedAt } from './columns';

/** Chain send states (server/chain-sends/chain-send-machine.ts, docs/wallet.md "The signer"). */
export type ChainSendState = 'QUEUED' | 'SIGNED' | 'BROADCAST' | 'CONFIRMED' | 'FAILED';
/** What a send pays out: the caller that queued it settles it (server/chain-sends/settlement.ts). */
export type ChainSendPurpose = 'withdrawal' | 'sweep' | 'gas_topup';
/** What a send moves: the chain's USDT (`amount`), or its native coin (`native_value`, for gas). */
export type ChainSendAsset = 'token' | 'native';
/** Why a QUEUED send is not signed yet (docs/wallet.md, "Gas and balances"). */
export type ChainSendWaitReason = 'token' | 'gas' | 'below_target';

/**
 * One token transfer the signer makes from the hot wallet. Queued by its caller in the caller's
 * transaction (one per (purpose, reference)); the signer alone fills in the rest. The signed bytes
 * live in chain_send_attempts, written in the transaction that marks the send SIGNED, before any
 * broadcast: only those bytes are ever sent (docs/wallet.md, "Sign once").
 */
export const chainSends = pgTable(
  'chain_sends',
  {
    id: id(),
    chain: text('chain').notNull(),
    purpose: text('purpose').$type<ChainSendPurpose>().notNull(),
    referenceId: uuid('reference_id').notNull(),
    /** The recipient in the family's canonical form (EVM: EIP-55). */
    toAddress: text('to_address').notNull(),
    /** 6-decimal USDT; the token's base units come from server/chains/token-amount.ts. 0 for a native send. */
    amount: numeric('amount', { precision: 30, scale: 6 }).notNull(),
    asset: text('asset').$type<ChainSendAsset>().notNull().default('token'),
    /** A native send's value in the coin's smallest unit (wei); null for a token send. */
    nativeValue: numeric('native_value', { precision: 78, scale: 0 }),
    /**
     * The deposit address that sends (its derivation index under the deposit seed), for a sweep;
     * null when the hot wallet sends. Its address is `from_address`, set when queued.
     */
    sourceIndex: integer('source_index'),
    /** Why the signer leaves this QUEUED send for now; cleared when it is signed. */
    waitReason: text('wait_reason').$type<ChainSendWaitReason>(),
    waitingSince: instant('waiting_since'),
    state: text('state').$type<ChainSendState>().notNull().default('QUEUED'),
    createdAt: createdAt(),
    /** The hot wallet that signed it; set with the nonce, in the signing transaction. */
    fromAddress: text('from_address'),
    nonce: bigint('nonce', { mode: 'bigint' }),
    /** The first attempt's hash until one is mined; then the mined attempt's. */
    txHash: text('tx_hash'),
    signedAt: instant('signed_at'),
    broadcastAt: instant('broadcast_at'),
    /** The last time its current bytes were handed to the node (re-broadcast until included). */
    lastBroadcastAt: instant('last_broadcast_at'),
    confirmedAt: instant('confirmed_at'),
    failedAt: instant('failed_at'),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    /** gas used × effective gas price of the mined attempt, in the native coin's smallest unit. */
    gasSpent: numeric('gas_spent', { precision: 78, scale: 0 }),
    failureReason: text('failure_reason'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chain_sends_reference_key').on(t.purpose, t.referenceId),
    // A nonce is used by one send only, whatever the number of signers.
    uniqueIndex('chain_sends_nonce_key').on(t.chain, t.fromAddress, t.nonce),
    index('chain_sends_open_idx').on(t.chain, t.state, t.createdAt).where(sql`state in ('QUEUED', 'SIGNED', 'BROADCAST')`),
    check('chain_sends_state_check', sql`${t.state} in ('QUEUED', 'SIGNED', 'BROADCAST', 'CONFIRMED', 'FAILED')`),
    check('chain_sends_purpose_check', sql`${t.purpose} in ('withdrawal', 'sweep', 'gas_topup')`),
    check('chain_sends_asset_check', sql`${t.asset} in ('token', 'native')`),
    // A token send moves USDT; a native send moves gas and no USDT.
    check('chain_sends_amount_check', sql`(${t.asset} = 'token' and ${t.amount} > 0 and ${t.nativeValue} is null) or (${t.asset} = 'native' and ${t.amount} = 0 and ${t.nativeValue} > 0)`),
    check('chain_sends_source_check', sql`${t.sourceIndex} is null or (${t.sourceIndex} >= 0 and ${t.fromAddress} is not null)`),
    // Past QUEUED a send always has its signer's address and nonce.
    check('chain_sends_signed_check', sql`${t.state} = 'QUEUED' or (${t.fromAddress} is not null and ${t.nonce} is not null and ${t.txHash} is not null and ${t.signedAt} is not null)`),
  ],
);

/**
 * Every signed transaction of a send, in order: the first, then each fee-bumped replacement at the
 * same nonce. Old attempts are kept: whichever one the chain mines settles the send.
 */
export const chainSendAttempts = pgTable(
  'chain_send_attempts',
  {
    id: id(),
    sendId: uuid('send_id')
      .notNull()
      .references(() => chainSends.id),
    attempt: integer('attempt').notNull(),
    txHash: text('tx_hash').notNull(),
    /** The signed transaction exactly as broadcast (0x-prefixed hex). */
    rawTx: text('raw_tx').notNull(),
    maxFeePerGas: numeric('max_fee_per_gas', { precision: 78, scale: 0 }).notNull(),
    maxPriorityFeePerGas: numeric('max_priority_fee_per_gas', { precision: 78, scale: 0 }).notNull(),
    gasLimit: numeric('gas_limit', { precision: 78, scale: 0 }).notNull(),
    signedAt: instant('signed_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chain_send_attempts_send_key').on(t.sendId, t.attempt), uniqueIndex('chain_send_attempts_hash_key').on(t.txHash)],
);

/**
 * The hot wallet of each chain as the signer sees it: the next nonce to give out (taken under this
 * row's lock, in the transaction that signs), and the balances it last read for the gauges.
 */
export const chainHotWallets = pgTable(
  'chain_hot_wallets',
  {
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    nextNonce: bigint('next_nonce', { mode: 'bigint' }).notNull(),
    /** 6-decimal USDT the wallet held when last read; null before the first read. */
    tokenBalance: numeric('token_balance', { precision: 30, scale: 6 }),
    /** The native coin (gas), in its smallest unit. */
    nativeBalance: numeric('native_balance', { precision: 78, scale: 0 }),
    balanceReadAt: instant('balance_read_at'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.address] }), check('chain_hot_wallets_nonce_check', sql`${t.nextNonce} >= 0`)],
);
