import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { reusableQuery } from '../../db/reusable-query';
import { ledgerAccounts, ledgerPostings, ledgerTransfers } from '../../db/schema';
import { isForeignKeyViolation } from '../../db/errors';
import { DomainError } from '../errors';
import { Dec } from '../money/decimal';

export interface Posting {
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
  /**
   * The transfer belongs to an order inserted in this same transaction, so its id cannot exist
   * yet: the transfer row is sent with the updates instead of one round trip before them (a
   * duplicate fails the primary key and rolls back).
   */
  fresh?: boolean;
}

export interface TransferResult {
  /** false when a transfer with this id was already posted (nothing changed this time). */
  applied: boolean;
}

/**
 * Posts a balanced transfer inside the caller's transaction: the only way value moves.
 *
 * Each debit is a conditional UPDATE (`balance + amount >= 0` unless the account may go negative),
 * so two concurrent freezes can never both spend the same balance; the CHECK constraint on the table
 * backs it up. Accounts are updated in id order so concurrent transfers lock rows in one order and
 * cannot deadlock. Throwing rolls back the caller's whole transaction, order and event included.
 */
export async function postTransfer(tx: Tx, request: TransferRequest): Promise<TransferResult> {
  const legs = normaliseLegs(request);

  const transfer = { id: request.id, kind: request.kind, orderId: request.orderId ?? null, memo: request.memo ?? null };
  let pending: Promise<unknown> | undefined;
  if (request.fresh) {
    pending = insertTransfer(tx, transfer).then(() => undefined);
  } else {
    const inserted = await insertTransferOnce(tx, transfer);
    if (inserted.length === 0) {
      await assertSameTransfer(tx, request.id, legs);
      return { applied: false };
    }
  }

  // The updates and the postings go out together (postgres pipelines them on the transaction's
  // connection, in this order, so rows are still locked in id order): one round trip while the
  // accounts are locked instead of one per statement. A refused leg rolls everything back.
  const updates = legs.map((leg) => (leg.negative ? debit : credit)(tx, { accountId: leg.accountId, amount: leg.amount }));
  const postings = postingsOf(legs.length)(tx, postingValues(request.id, legs));
  const [inserted, updated, posted] = await Promise.allSettled([pending, Promise.all(updates), postings]);
  if (inserted.status === 'rejected') throw inserted.reason;
  if (updated.status === 'rejected') throw updated.reason;
  const refused = legs.find((_, index) => updated.value[index]?.length === 0);
  // A missing account also fails the postings' foreign key; otherwise the debit would go negative.
  if (refused) refuse(refused.accountId, posted.status === 'rejected' && isForeignKeyViolation(posted.reason));
  if (posted.status === 'rejected') throw posted.reason;
  return { applied: true };
}

interface Leg {
  accountId: string;
  amount: string;
  negative: boolean;
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

/** A failed conditional update means the account is missing or would go negative. */
function refuse(accountId: string, missing: boolean): never {
  if (missing) throw new DomainError('ACCOUNT_NOT_FOUND', 'The ledger account does not exist.', { meta: { accountId } });
  throw new DomainError('INSUFFICIENT_BALANCE', 'The balance is not enough for this movement.', { meta: { accountId } });
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

// Every movement of value runs these; they are built once (db/reusable-query.ts).
const transferValues = {
  id: sql.placeholder('id'),
  kind: sql.placeholder('kind'),
  orderId: sql.placeholder('orderId'),
  memo: sql.placeholder('memo'),
};
const insertTransfer = reusableQuery((db) => db.insert(ledgerTransfers).values(transferValues));
const insertTransferOnce = reusableQuery((db) => db.insert(ledgerTransfers).values(transferValues).onConflictDoNothing().returning({ id: ledgerTransfers.id }));

function balanceUpdate(guard?: SQL) {
  const amount = sql`${sql.placeholder('amount')}::numeric`;
  return reusableQuery((db) =>
    db
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${amount}`, updatedAt: sql`now()` })
      .where(and(eq(ledgerAccounts.id, sql.placeholder('accountId')), guard))
      .returning({ id: ledgerAccounts.id }),
  );
}
const credit = balanceUpdate();
/** Refused (no row) when it would take the balance below zero, unless the account may go negative. */
const debit = balanceUpdate(sql`(${ledgerAccounts.allowNegative} or ${ledgerAccounts.balance} + ${sql.placeholder('amount')}::numeric >= 0)`);

/** The postings insert for a number of legs (transfers have two or three). */
const postingsByLegs = new Map<number, ReturnType<typeof buildPostings>>();
function buildPostings(legs: number) {
  return reusableQuery((db) =>
    db.insert(ledgerPostings).values(
      Array.from({ length: legs }, (_, index) => ({
        transferId: sql.placeholder('transferId'),
        accountId: sql.placeholder(`account${index}`),
        amount: sql.placeholder(`amount${index}`),
      })),
    ),
  );
}
function postingValues(transferId: string, legs: Leg[]): Record<string, string> {
  const values: Record<string, string> = { transferId };
  legs.forEach((leg, index) => {
    values[`account${index}`] = leg.accountId;
    values[`amount${index}`] = leg.amount;
  });
  return values;
}
function postingsOf(legs: number) {
  let insert = postingsByLegs.get(legs);
  if (!insert) {
    insert = buildPostings(legs);
    postingsByLegs.set(legs, insert);
  }
  return insert;
}
