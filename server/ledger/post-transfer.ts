import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';
import { reusableSql } from '../../db/reusable-query';
import { ledgerPostings } from '../../db/schema';
import { pgErrorDetail, sqlStateOf } from '../../db/errors';
import { DomainError } from '../errors';
import { Dec } from '../money/decimal';

interface Posting {
  accountId: string;
  /** Signed USDT amount, at most 6 decimals: negative takes value out of the account. */
  amount: string;
}

export interface TransferRequest {
  /** Idempotency key of the movement, e.g. `payout:<orderId>:freeze`. */
  id: string;
  kind: string;
  orderId?: string | null;
  memo?: string | null;
  postings: readonly Posting[];
}

export interface TransferResult {
  /** false when a transfer with this id was already posted (nothing changed this time). */
  applied: boolean;
}

/**
 * Posts a balanced transfer inside the caller's transaction: the only way value moves.
 *
 * One statement, one round trip: the database function `post_transfer` (db/migrations, "ledger post
 * transfer function"; docs/ledger.md, "Transfers") inserts the transfer unless its id exists, then
 * updates each account in id order with a conditional debit (`balance + amount >= 0` unless the
 * account may go negative), so two concurrent freezes can never both spend the same balance and
 * concurrent transfers lock rows in one order; the CHECK constraint on the table backs it up. A
 * refused leg raises, and throwing rolls back the caller's whole transaction, order and event
 * included. A replayed id changes nothing; its stored legs must equal these.
 */
export async function postTransfer(tx: Tx, request: TransferRequest): Promise<TransferResult> {
  const legs = normaliseLegs(request);
  let applied: boolean;
  try {
    const [row] = rowsOf<{ applied: boolean }>(await postTransferOf(legs.length, 'post_transfer')(tx, valuesOf(request, legs)));
    applied = row?.applied === true;
  } catch (error) {
    throw refusal(error) ?? error;
  }
  if (!applied) await assertSameTransfer(tx, request.id, legs);
  return { applied };
}

/**
 * The same transfer, but a refused leg (INSUFFICIENT_BALANCE, ACCOUNT_NOT_FOUND) is answered, not
 * thrown: the database function `try_post_transfer` (migration "try post transfer") rolls the
 * transfer back alone and the caller's transaction goes on, for a caller that records the refusal
 * in that same transaction (a pay-in release ending FAILED). One statement, no SAVEPOINT.
 */
export async function tryPostTransfer(tx: Tx, request: TransferRequest): Promise<TransferResult | DomainError> {
  const legs = normaliseLegs(request);
  const [row] = rowsOf<{ applied: TryOutcome | string }>(await postTransferOf(legs.length, 'try_post_transfer')(tx, valuesOf(request, legs)));
  const outcome: TryOutcome = typeof row?.applied === 'string' ? (JSON.parse(row.applied) as TryOutcome) : (row?.applied ?? {});
  if (outcome.refused) {
    const refused = refusalOf(outcome.refused, outcome.account ?? 'unknown');
    if (!refused) throw new Error(`try_post_transfer answered ${outcome.refused}`);
    return refused;
  }
  if (outcome.applied !== true) await assertSameTransfer(tx, request.id, legs);
  return { applied: outcome.applied === true };
}

interface TryOutcome {
  applied?: boolean;
  refused?: string;
  account?: string;
}

function valuesOf(request: TransferRequest, legs: Leg[]): Record<string, unknown> {
  const values: Record<string, unknown> = { id: request.id, kind: request.kind, orderId: request.orderId ?? null, memo: request.memo ?? null };
  legs.forEach((leg, index) => {
    values[`account${index}`] = leg.accountId;
    values[`amount${index}`] = leg.amount;
  });
  return values;
}

interface Leg {
  accountId: string;
  amount: string;
  negative: boolean;
}

/**
 * The legs `post_transfer` takes, checked (two or more, each account once, non-zero, at most 6
 * decimals, summing to zero) and sorted by account id: for callers that send the function's call
 * inside a statement of their own (the batched payout create).
 */
export function transferLegs(request: TransferRequest): { accounts: string[]; amounts: string[] } {
  const legs = normaliseLegs(request);
  return { accounts: legs.map((leg) => leg.accountId), amounts: legs.map((leg) => leg.amount) };
}

function normaliseLegs(request: TransferRequest): Leg[] {
  if (request.postings.length < 2) throw new Error(`transfer ${request.id}: needs at least two postings`);
  const seen = new Set<string>();
  let sum = new Dec(0);
  const legs = request.postings.map((posting) => {
    if (seen.has(posting.accountId)) throw new Error(`transfer ${request.id}: account ${posting.accountId} posted twice`);
    seen.add(posting.accountId);
    const amount = new Dec(posting.amount);
    if (amount.isZero() || !amount.isFinite()) throw new Error(`transfer ${request.id}: zero or invalid amount`);
    if (amount.decimalPlaces() > 6) throw new Error(`transfer ${request.id}: more than 6 decimals`);
    sum = sum.plus(amount);
    return { accountId: posting.accountId, amount: amount.toFixed(6), negative: amount.isNegative() };
  });
  if (!sum.isZero()) throw new Error(`transfer ${request.id}: postings sum to ${sum.toFixed()} instead of zero`);
  return legs.sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));
}

/** The function's refusals as the domain's errors (SQLSTATEs of the migration that defines it). */
function refusal(error: unknown): DomainError | undefined {
  const state = sqlStateOf(error);
  return state === undefined ? undefined : refusalOf(state, pgErrorDetail(error) ?? 'unknown');
}

function refusalOf(state: string, accountId: string): DomainError | undefined {
  if (state === 'CR001') return new DomainError('INSUFFICIENT_BALANCE', 'The balance is not enough for this movement.', { meta: { accountId } });
  if (state === 'CR002') return new DomainError('ACCOUNT_NOT_FOUND', 'The ledger account does not exist.', { meta: { accountId } });
  return undefined;
}

/** Replaying a transfer id is fine; reusing it for different postings is a bug worth stopping. */
async function assertSameTransfer(tx: Tx, id: string, legs: Leg[]): Promise<void> {
  const stored = await tx
    .select({ accountId: ledgerPostings.accountId, amount: ledgerPostings.amount })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.transferId, id));
  const key = (rows: { accountId: string; amount: string }[]) =>
    rows
      .map((row) => `${row.accountId}=${new Dec(row.amount).toFixed(6)}`)
      .sort()
      .join(',');
  if (key(stored) !== key(legs)) {
    throw new Error(`transfer ${id} was already posted with different postings`);
  }
}

// Every movement of value runs this; one statement per number of legs (two or three), built once
// (db/reusable-query.ts).
const byLegs = new Map<string, ReturnType<typeof reusableSql>>();
function postTransferOf(legs: number, fn: 'post_transfer' | 'try_post_transfer') {
  let statement = byLegs.get(`${fn}/${legs}`);
  if (!statement) {
    const list = (prefix: string) =>
      sql.join(
        Array.from({ length: legs }, (_, index) => sql.placeholder(`${prefix}${index}`)),
        sql`, `,
      );
    statement = reusableSql(
      () =>
        sql`select ${sql.raw(fn)}(${sql.placeholder('id')}, ${sql.placeholder('kind')}, ${sql.placeholder('orderId')}::uuid, ${sql.placeholder('memo')}, array[${list('account')}]::text[], array[${list('amount')}]::numeric[]) as applied`,
    );
    byLegs.set(`${fn}/${legs}`, statement);
  }
  return statement;
}
