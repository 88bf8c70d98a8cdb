import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { pipelined } from '../../db/pipelined';
import { signalPoolChange } from './pool-signal';
import { reusableQuery } from '../../db/reusable-query';
import { payoutOrders, type merchants } from '../../db/schema';
import { keyring } from '../config/keyring';
import { encryptField } from '../crypto/encryption';
import { cardFingerprint, last4 } from '../crypto/fingerprint';
import { DomainError } from '../errors';
import { IDEMPOTENCY_RETENTION_MS } from '../idempotency/idempotency-key';
import { inUse, keyReused, withIdempotency, type IdempotencyScope, type IdempotentOutcome } from '../idempotency/with-idempotency';
import { transferOf } from '../ledger/move';
import { transferLegs } from '../ledger/post-transfer';
import { computePayoutAmounts } from '../money/payout-amounts';
import { payoutPricing } from '../quotes/payout-pricing';
import { payoutMachine } from './payout-machine';
import { recordCreation } from '../orders/record-creation';
import { newOrderNo } from './order-numbers';
import type { CreatePayoutInput } from './payout.schema';
import { freezePayout, payoutFreeze } from './payout-ledger';
import { payoutCreateFallbacks } from './create-batch-metrics';
import { payoutCreateBatches, type PayoutCreateOutcome, type PreparedPayoutCreate } from './create-payout-batch';
import { payoutCreateView } from './payout-view';

type Merchant = typeof merchants.$inferSelect;

export interface CreatePayoutRequest {
  merchant: Merchant;
  input: CreatePayoutInput;
  /** The request's Idempotency-Key, its hash of the body and so on (docs/api.md, "Idempotency"). */
  idempotency: IdempotencyScope;
  now: Date;
}

/**
 * Creates a payout once per Idempotency-Key (docs/api.md, "Create a payout"): the first request's
 * answer is stored with the order, in its transaction, and a replay returns it.
 *
 * The reads and the arithmetic happen first, outside any transaction (a quote read inside one
 * would lock nothing either); then everything the create writes goes to the database in one
 * statement with other creates arriving in the same millisecond (create-payout-batch.ts): one
 * round trip and one commit for the batch, with an outcome per create (docs/performance.md,
 * "One round trip, one commit per batch"). A create the batch could not settle, and any create
 * that fails before it (no quote, an amount too small), runs alone on the transactional path,
 * which checks the key before anything else and so answers a replay as a replay.
 */
export async function createPayout(db: Db, request: CreatePayoutRequest): Promise<IdempotentOutcome> {
  let prepared: PreparedCreate;
  try {
    prepared = await preparePayoutCreate(db, request);
  } catch (error) {
    if (error instanceof DomainError) return createInTransaction(db, request, 'not_prepared');
    throw error;
  }
  let outcome: PayoutCreateOutcome;
  try {
    outcome = await payoutCreateBatches(db).submit(prepared.create);
  } catch {
    // The batch's statement failed as a whole (a dropped connection, a restart): whether it
    // committed is unknown, and the transactional path finds out by the key (a replay if it did).
    return createInTransaction(db, request, 'batch_failed');
  }
  return answer(db, request, prepared, outcome);
}

export interface PreparedCreate {
  create: PreparedPayoutCreate;
  /** The 201 body. */
  body: ReturnType<typeof payoutCreateView>;
  /** usdAmount + usdFeeAmount, for the INSUFFICIENT_BALANCE message. */
  freezeAmount: string;
}

// create_payouts starts the order and its timeline in PENDING_MATCH: the machine must allow it, as
// recordCreation checks on the transactional path. Checked once, when the module loads.
if (!payoutMachine.initial.includes('PENDING_MATCH')) throw new Error('payout orders cannot start in PENDING_MATCH');

/** Everything a create decides before it writes, in the shape `create_payouts` takes. */
export async function preparePayoutCreate(db: Db, request: CreatePayoutRequest): Promise<PreparedCreate> {
  const { merchant, input, idempotency, now } = request;
  const { values, amounts } = await prepare(db, merchant, input, now);
  const body = payoutCreateView({ ...values, status: 'PENDING_MATCH', createdAt: now });
  const freeze = payoutFreeze(values);
  const { accounts, amounts: legs } = transferLegs(transferOf(freeze));
  const create: PreparedPayoutCreate = {
    merchantId: merchant.id,
    endpoint: idempotency.endpoint,
    key: idempotency.key,
    requestHash: idempotency.requestHash,
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS).toISOString(),
    now: now.toISOString(),
    order: { ...values, matchDueAt: values.matchDueAt.toISOString() },
    responseBody: JSON.stringify(body),
    transferId: freeze.id,
    accounts,
    amounts: legs,
  };
  return { create, body, freezeAmount: amounts.freezeAmount };
}

/** A batch's outcome as the create's answer or error, docs/api.md, "Create a payout". */
async function answer(db: Db, request: CreatePayoutRequest, prepared: PreparedCreate, outcome: PayoutCreateOutcome): Promise<IdempotentOutcome> {
  switch (outcome.outcome) {
    case 'created':
      return { status: 201, body: prepared.body, replayed: false };
    case 'replayed':
      return { status: outcome.status, body: JSON.parse(outcome.body) as unknown, replayed: true };
    case 'reused':
      throw keyReused();
    case 'in_use':
      throw inUse();
    case 'duplicate':
      throw duplicateMerchantOrderNo(request.input.merchantOrderNo);
    case 'insufficient_balance':
      throw insufficientBalance(prepared.freezeAmount);
    case 'error':
      return createInTransaction(db, request, 'error');
  }
}

/** The same create in a transaction of its own: the path of anything the batch did not settle. */
function createInTransaction(db: Db, request: CreatePayoutRequest, reason: 'not_prepared' | 'batch_failed' | 'error'): Promise<IdempotentOutcome> {
  payoutCreateFallbacks.inc({ reason });
  const { merchant, input, idempotency, now } = request;
  return withIdempotency(db, idempotency, now, async (tx, store) => {
    // The stored answer goes out in the freeze's round trip (see place).
    const order = await place(tx, merchant, input, now, (created) => store({ status: 201, body: payoutCreateView(created) }));
    return { status: 201, body: payoutCreateView(order) };
  });
}

/**
 * The create inside the caller's transaction, without an Idempotency-Key (seeding, the cluster
 * test's bait orders, tests): the same steps as createPayout.
 */
export function placePayout(tx: Tx, merchant: Merchant, input: CreatePayoutInput, now: Date) {
  return place(tx, merchant, input, now);
}

/**
 * Quotes the best rate, computes the amounts of docs/amounts.md and builds the order's row for
 * PENDING_MATCH, the card number encrypted: everything a create decides before it writes.
 */
async function prepare(db: Executor, merchant: Merchant, input: CreatePayoutInput, now: Date) {
  const amountIn = input.fiatAmount !== undefined ? { fiatAmount: input.fiatAmount } : { usdAmount: input.usdAmount as string };
  // One statement reads the best quote and the reference rate (one round trip).
  const { quote, referenceRate: override } = await payoutPricing(db, amountIn);
  if (!quote) {
    throw new DomainError('NO_LIQUIDITY', 'No trader quote can serve this amount right now.');
  }
  const reference = override ?? quote.price;
  const amounts = computePayoutAmounts({ ...amountIn, rate: quote.price, referenceRate: reference, feeBps: merchant.payoutFeeBps });

  const id = randomUUID();
  const account = input.recipient.bankAccount;
  const values = {
    id,
    orderNo: newOrderNo('WD', now),
    merchantId: merchant.id,
    merchantOrderNo: input.merchantOrderNo,
    usdAmount: amounts.usdAmount,
    usdFeeAmount: amounts.usdFeeAmount,
    feeBps: merchant.payoutFeeBps,
    fxRate: amounts.fxRate,
    referenceRate: reference,
    referenceFiatAmount: amounts.referenceFiatAmount,
    slippage: amounts.slippage,
    lockedFiatAmount: amounts.lockedFiatAmount,
    recipientHolderName: input.recipient.holderName,
    recipientBankName: input.recipient.bankName,
    recipientAccount: encryptField(keyring(), 'card', account, { table: 'payout_orders', id, field: 'recipient_account' }),
    recipientAccountLast4: last4(account),
    recipientAccountFingerprint: cardFingerprint(keyring(), account),
    matchDueAt: new Date(now.getTime() + merchant.payoutMatchSeconds * 1000),
  };
  return { values, amounts };
}

/**
 * The transactional create: inserts the order in PENDING_MATCH and freezes usdAmount +
 * usdFeeAmount. The order then waits in the pool for a trader to accept it.
 * `alongside` (the stored answer) is written in the same round trip as the freeze, so the
 * merchant's balance row, which every create of this merchant waits for, is locked only in the
 * transaction's last round trip before COMMIT (docs/performance.md).
 */
async function place(
  tx: Tx,
  merchant: Merchant,
  input: CreatePayoutInput,
  now: Date,
  alongside?: (order: typeof payoutOrders.$inferSelect) => Promise<unknown>,
) {
  const { values, amounts } = await prepare(tx, merchant, input, now);
  const [order] = await insertOrder(tx, { ...values, now });
  if (!order) throw duplicateMerchantOrderNo(input.merchantOrderNo);

  // The timeline row, `alongside` and the pool signal (sent on commit) go out with the freeze, which comes last.
  try {
    await pipelined([
      recordCreation(tx, payoutMachine, order, { type: 'merchant', id: merchant.id }),
      alongside?.(order),
      signalPoolChange(tx),
      freezePayout(tx, order),
    ]);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'INSUFFICIENT_BALANCE') throw insufficientBalance(amounts.freezeAmount);
    throw error;
  }
  return order;
}

function duplicateMerchantOrderNo(merchantOrderNo: string): DomainError {
  return new DomainError('DUPLICATE_MERCHANT_ORDER_NO', `merchantOrderNo ${merchantOrderNo} is already used by another payout.`);
}

function insufficientBalance(freezeAmount: string): DomainError {
  return new DomainError('INSUFFICIENT_BALANCE', `This payout needs ${freezeAmount} USDT (amount plus fee) but the available balance is lower.`);
}

// The widest statement of the create, built once (db/reusable-query.ts). A merchantOrderNo already
// used by this merchant inserts nothing and returns no row.
const insertOrder = reusableQuery((db) =>
  db
    .insert(payoutOrders)
    .values({
      id: sql.placeholder('id'),
      orderNo: sql.placeholder('orderNo'),
      merchantId: sql.placeholder('merchantId'),
      merchantOrderNo: sql.placeholder('merchantOrderNo'),
      status: 'PENDING_MATCH',
      fiatCurrency: 'CNY',
      usdAmount: sql.placeholder('usdAmount'),
      usdFeeAmount: sql.placeholder('usdFeeAmount'),
      feeBps: sql.placeholder('feeBps'),
      fxRate: sql.placeholder('fxRate'),
      referenceRate: sql.placeholder('referenceRate'),
      referenceFiatAmount: sql.placeholder('referenceFiatAmount'),
      slippage: sql.placeholder('slippage'),
      lockedFiatAmount: sql.placeholder('lockedFiatAmount'),
      recipientHolderName: sql.placeholder('recipientHolderName'),
      recipientBankName: sql.placeholder('recipientBankName'),
      recipientAccount: sql.placeholder('recipientAccount'),
      recipientAccountLast4: sql.placeholder('recipientAccountLast4'),
      recipientAccountFingerprint: sql.placeholder('recipientAccountFingerprint'),
      matchDueAt: sql.placeholder('matchDueAt'),
      createdAt: sql.placeholder('now'),
      updatedAt: sql.placeholder('now'),
    })
    .onConflictDoNothing({ target: [payoutOrders.merchantId, payoutOrders.merchantOrderNo] })
    .returning(),
);
