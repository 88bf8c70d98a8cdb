import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, updatedAt } from './columns';

/** Sweep states (server/chain-sends/sweeps/sweep-machine.ts, docs/wallet.md "Sweeps"). */
export type ChainSweepState = 'TOPPING_UP' | 'SWEEPING' | 'SWEPT' | 'FAILED';

/**
 * One sweep of a deposit address into the hot wallet: a gas top-up from the hot wallet (a native
 * chain send, purpose `gas_topup`), then the token transfer from the address (purpose `sweep`),
 * both referring to this row's id. At most one open sweep per (chain, address): the partial unique
 * key is what keeps two planners, or a planner after a crash, from queueing a second one.
 */
export const chainSweeps = pgTable(
  'chain_sweeps',
  {
    id: id(),
    chain: text('chain').notNull(),
    /** The deposit address swept (EIP-55) and its derivation index under the deposit seed. */
    address: text('address').notNull(),
    derivationIndex: integer('derivation_index').notNull(),
    /** The hot wallet it goes to. */
    toAddress: text('to_address').notNull(),
    /** 6-decimal USDT: the address's credited deposits not yet swept when planned. */
    amount: numeric('amount', { precision: 30, scale: 6 }).notNull(),
    /** Native coin (wei) sent to the address for the transfer's gas; 0 when it already held enough. */
    topupValue: numeric('topup_value', { precision: 78, scale: 0 }).notNull(),
    state: text('state').$type<ChainSweepState>().notNull().default('TOPPING_UP'),
    /** Gas burnt by the top-up and by the transfer (wei), recorded as each is mined. */
    topupGasSpent: numeric('topup_gas_spent', { precision: 78, scale: 0 }),
    sweepGasSpent: numeric('sweep_gas_spent', { precision: 78, scale: 0 }),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    sweptAt: instant('swept_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chain_sweeps_open_key').on(t.chain, t.address).where(sql`state in ('TOPPING_UP', 'SWEEPING')`),
    check('chain_sweeps_state_check', sql`${t.state} in ('TOPPING_UP', 'SWEEPING', 'SWEPT', 'FAILED')`),
    check('chain_sweeps_amount_check', sql`${t.amount} > 0 and ${t.topupValue} >= 0`),
  ],
);
