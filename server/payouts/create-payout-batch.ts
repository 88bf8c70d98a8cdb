import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import type { CreateScope, RefusedCreate } from '../batching/create-scope';
import { groupCommitPerDatabase } from '../batching/per-database';
import { IN_FLIGHT_WAIT_MS } from '../idempotency/with-idempotency';
import { payoutCreateBatchSize } from './create-batch-metrics';

/**
 * One payout create, prepared in TypeScript (quote, amounts, encryption, stored answer, the
 * freeze's legs) and ready for the database function `create_payouts` (migrations "create payouts
 * function", "one payout writer" and "risk rules"), the only writer of a create: Idempotency-Key claim, order,
 * timeline row, stored answer, freeze and any risk hold, in its own subtransaction.
 */
export type PreparedPayoutCreate = PreparedPayoutWrite | RefusedCreate;

/** A create with something to write. */
export type PreparedPayoutWrite = CreateScope & PayoutCreateWrites;

interface PayoutCreateWrites {
  /** The payout_orders row's own values (the function fixes status PENDING_MATCH and CNY). */
  order: {
    id: string;
    orderNo: string;
    merchantOrderNo: string;
    usdAmount: string;
    usdFeeAmount: string;
    feeBps: number;
    fxRate: string;
    referenceRate: string;
    referenceFiatAmount: string;
    slippage: string;
    lockedFiatAmount: string;
    recipientHolderName: string;
    recipientBankName: string;
    recipientAccount: string;
    recipientAccountLast4: string;
    recipientAccountFingerprint: string;
    matchDueAt: string;
    clientAddress: string | null;
  };
  /** The review rule that holds this payout (docs/risk.md, "Review"): written as its risk_holds row. */
  hold?: string;
  /** The 201 body stored for replays, as sent. */
  responseBody?: string;
  /** The freeze: post_transfer's id and legs (sorted by account, summing to zero). */
  transferId: string;
  accounts: string[];
  amounts: string[];
}

/** What `create_payouts` answers for one create. */
export type PayoutCreateOutcome =
  | { outcome: 'created' }
  | { outcome: 'replayed'; status: number; body: string }
  | { outcome: 'reused' | 'in_use' | 'duplicate' | 'insufficient_balance' | 'refused' }
  | { outcome: 'error'; sqlstate: string };

/**
 * Writes a batch in one statement: one round trip and one commit for all of it, and the answer
 * arrives only after the commit, so every created order is durable before its 201 is sent (inside
 * a caller's transaction, the statement commits with it).
 *
 * The batch goes in merchant order, and within one merchant in arrival order: arrival decides who
 * gets a merchant's last funds, and batches running at once lock merchants' balance rows in the
 * same order, so they queue instead of deadlocking. Outcomes come back in the caller's order.
 */
export async function writePayoutCreates(db: Executor, creates: readonly PreparedPayoutCreate[]): Promise<PayoutCreateOutcome[]> {
  payoutCreateBatchSize.observe(creates.length);
  const order = creates.map((_, index) => index).sort((a, b) => compare(creates[a]!.merchantId, creates[b]!.merchantId) || a - b);
  const rows = rowsOf<{ outcome: PayoutCreateOutcome | string }>(
    await db.execute(sql`select create_payouts(${JSON.stringify(order.map((index) => creates[index]))}::text::jsonb, ${`${IN_FLIGHT_WAIT_MS}ms`}) as outcome`),
  );
  if (rows.length !== creates.length) throw new Error(`create_payouts answered ${rows.length} of ${creates.length} creates`);
  const outcomes = new Array<PayoutCreateOutcome>(creates.length);
  order.forEach((index, position) => {
    const value = rows[position]!.outcome;
    outcomes[index] = typeof value === 'string' ? (JSON.parse(value) as PayoutCreateOutcome) : value;
  });
  return outcomes;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Creates that arrive within a millisecond of each other, up to 64, share a batch (server/batching/
 * group-commit.ts). A lone create waits at most the window; at saturation a batch carries several
 * creates for the price of one commit. 64 is also PostgreSQL's cache of subtransaction ids per
 * backend (each create is one subtransaction): past it, every other backend's snapshot has to look
 * subtransactions up in pg_subtrans, a known cliff, so the bound must not be raised past 64.
 * Two batches at most are in the database at once: one merchant's creates lock its balance rows,
 * and a third batch would only wait on their locks (docs/performance.md, "Two batches at a time").
 */
const PAYOUT_CREATE_BATCH = { maxItems: 64, windowMs: 1, maxInFlight: 2 };

/** The process's batcher for this database. */
export const payoutCreateBatches = groupCommitPerDatabase(writePayoutCreates, PAYOUT_CREATE_BATCH);
