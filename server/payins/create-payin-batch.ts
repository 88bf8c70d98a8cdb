import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import type { CreateScope, RefusedCreate } from '../batching/create-scope';
import { groupCommitPerDatabase } from '../batching/per-database';
import { IN_FLIGHT_WAIT_MS } from '../idempotency/with-idempotency';
import type { RoutingSettings } from '../routing/routing-settings';
import { payinCreateBatchSize } from './create-batch-metrics';

/**
 * One pay-in create, prepared in TypeScript (routing, risk, amounts at each candidate's price,
 * checkout token, stored answers, escrow legs) and ready for the database function `create_payins`
 * (migration "payin orders before trader locks"), the only writer of a pay-in create: the batch's
 * Idempotency-Key claims and order rows (at each create's first candidate) first, each in one
 * statement, then per create in its own subtransaction each candidate in routing's order (bond
 * cap, capacity claim, the order row if the first statement did not write it for this candidate,
 * escrow, timeline row, the trader's turn), else the order waits in PENDING_MATCH with any risk hold.
 */
export type PreparedPayinCreate = PreparedPayinWrite | RefusedCreate;

/** A create with something to write. */
export type PreparedPayinWrite = CreateScope & PayinCreateWrites;

/** The order's amounts at one price (docs/amounts.md, "Pay-in amounts"). */
export interface PayinOrderAmounts {
  assetAmount: string;
  fiatAmount: string;
  fxRate: string;
  usdAmount: string;
  usdFeeAmount: string;
}

/** A trader's account to try, with the order as it would be matched there. */
export interface PayinCreateCandidate {
  traderId: string;
  bankAccountId: string;
  autoConfirm: boolean;
  /** Why this trader (payin_orders.routing). */
  routing: Record<string, unknown>;
  amounts: PayinOrderAmounts;
  /** The escrow's legs (trader available -> escrow), sorted by account, summing to zero. */
  escrow: { accounts: string[]; amounts: string[] };
  /** The 201 body stored for replays when this candidate takes the order. */
  responseBody?: string;
}

interface PayinCreateWrites {
  /** The payin_orders row's values that do not depend on the candidate. */
  order: {
    id: string;
    orderNo: string;
    merchantOrderNo: string;
    feeBps: number;
    quotedAt: string;
    payTokenHash: string;
    buyerReference: string;
    returnUrl: string | null;
    metadata: Record<string, string> | null;
    clientAddress: string | null;
    expiresAt: string;
  };
  /** The candidates in the order routing tries them (none for an order a review rule holds). */
  candidates: PayinCreateCandidate[];
  /** Without a candidate: the order waits in PENDING_MATCH at the best quoted rate. */
  pending: { amounts: PayinOrderAmounts; responseBody?: string };
  /** The review rule that holds this pay-in (docs/risk.md, "Review"): written as its risk_holds row. */
  hold?: string;
  /** The routing settings the claim and the bond cap read, and the routing day (server/routing/routing-day.ts). */
  settings: { day: string; limits: RoutingSettings['limits']; newTrader: RoutingSettings['newTrader']; bond: RoutingSettings['bond'] };
}

/** What `create_payins` answers for one create. */
export type PayinCreateOutcome =
  | { outcome: 'created'; /** The candidate that took it; null: it waits in PENDING_MATCH. */ candidate: number | null; paymentFiatAmount: string | null }
  | { outcome: 'replayed'; status: number; body: string }
  | { outcome: 'reused' | 'in_use' | 'duplicate' | 'refused' }
  | { outcome: 'error'; sqlstate: string };

/**
 * Writes a batch in one statement: one round trip and one commit for all of it, and the answer
 * arrives only after the commit, so every created order is durable before its 201 is sent (inside
 * a caller's transaction, the statement commits with it).
 *
 * The batch goes in arrival order: arrival decides who gets an account's last capacity or a
 * trader's last USDT, as it did when each create was its own transaction. Outcomes come back in
 * the same order.
 */
export async function writePayinCreates(db: Executor, creates: readonly PreparedPayinCreate[]): Promise<PayinCreateOutcome[]> {
  payinCreateBatchSize.observe(creates.length);
  const rows = rowsOf<{ outcome: PayinCreateOutcome | string }>(
    await db.execute(sql`select create_payins(${JSON.stringify(creates)}::text::jsonb, ${`${IN_FLIGHT_WAIT_MS}ms`}) as outcome`),
  );
  if (rows.length !== creates.length) throw new Error(`create_payins answered ${rows.length} of ${creates.length} creates`);
  return rows.map(({ outcome }) => (typeof outcome === 'string' ? (JSON.parse(outcome) as PayinCreateOutcome) : outcome));
}

/**
 * Creates that arrive within a millisecond of each other share a batch (server/batching/
 * group-commit.ts), up to 31. PostgreSQL caches 64 subtransaction ids per backend, and past them
 * every other backend's snapshot has to look subtransactions up in pg_subtrans, a known cliff. A
 * payout create is one subtransaction; the pay-in batch's first statements (its keys and order
 * rows) are one, a matched pay-in two more (the create's and its candidate's, which stays once
 * released): 1 + 2 x 31 = 63. A candidate skipped after the bond cap locked its trader keeps one
 * more; refused ones give theirs back when they roll back.
 * Two batches of one lane at most are in the database at once: the creates of one trader lock the
 * same rows, and a third batch would only wait on their locks (docs/performance.md, "Two batches
 * at a time").
 */
const PAYIN_CREATE_BATCH = { maxItems: 31, windowMs: 1, maxInFlight: 2 };

/**
 * A create's lane: the trader its first candidate belongs to. A batch holds the rows of every
 * trader its creates matched (the account's usage, the balances, the trader's turn) until it
 * commits, so a batch that mixed two traders could lock one while the next batch locked the other
 * in the opposite order: a deadlock, which PostgreSQL breaks only after `deadlock_timeout` (1 s).
 * With scored routing, which spreads creates over traders, that was 1-2 s at the p99
 * (docs/performance.md, "Pay-in batches by trader"). Creates without a candidate (refused, held, or
 * waiting in PENDING_MATCH) lock no trader's rows and share the lane of their own.
 */
export function payinCreateLane(create: PreparedPayinCreate): string {
  return 'candidates' in create ? (create.candidates[0]?.traderId ?? '') : '';
}

/** The process's batchers for this database, one per lane (`payinCreateLane`). */
export const payinCreateBatches = groupCommitPerDatabase(writePayinCreates, PAYIN_CREATE_BATCH);
