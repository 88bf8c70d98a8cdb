import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { payoutOrders, type merchants } from '../../db/schema';
import { keyring } from '../config/keyring';
import { encryptField } from '../crypto/encryption';
import { cardFingerprint, last4 } from '../crypto/fingerprint';
import { DomainError } from '../errors';
import { createScope } from '../batching/create-scope';
import { inUse, keyReused, type IdempotencyScope, type IdempotentOutcome } from '../idempotency/with-idempotency';
import { transferOf } from '../ledger/move';
import { transferLegs } from '../ledger/post-transfer';
import { computePayoutAmounts } from '../money/payout-amounts';
import { payoutPricing } from '../quotes/payout-pricing';
import { payoutMachine } from './payout-machine';
import { newOrderNo } from './order-numbers';
import type { CreatePayoutInput } from './payout.schema';
import { payoutFreeze } from './payout-ledger';
import { payoutCreateFallbacks } from './create-batch-metrics';
import { payoutCreateBatches, writePayoutCreates, type PayoutCreateOutcome, type PreparedPayoutCreate, type PreparedPayoutWrite } from './create-payout-batch';
import { payoutCreateView } from './payout-view';
import { evaluateRisk, riskBlocked } from '../risk/evaluate-risk';

type Merchant = typeof merchants.$inferSelect;

export interface CreatePayoutRequest {
  merchant: Merchant;
  input: CreatePayoutInput;
  /** The request's Idempotency-Key, its hash of the body and so on (docs/api.md, "Idempotency"). */
  idempotency: IdempotencyScope;
  now: Date;
  /** The address the request came from, for the risk rules' velocity (docs/risk.md). */
  clientAddress?: string;
}

/**
 * Creates a payout once per Idempotency-Key (docs/api.md, "Create a payout"): the first request's
 * answer is stored with the order, in its transaction, and a replay returns it.
 *
 * The reads and the arithmetic happen first, outside any transaction (a quote read inside one
 * would lock nothing either); then the create goes to `create_payouts`, the only writer of a
 * payout create (docs/performance.md, "One payout write path"), with other creates arriving in the
 * same millisecond (create-payout-batch.ts): one round trip and one commit for the batch, with an
 * outcome per create. A create refused before writing (no quote, an amount too small) goes too,
 * as a refusal: the function claims its key first, so a replay of an earlier create still answers
 * as a replay, and a refusal costs the statements of a success.
 */
export async function createPayout(db: Db, request: CreatePayoutRequest): Promise<IdempotentOutcome> {
  let prepared: PreparedCreate | Refused;
  try {
    prepared = await preparePayoutCreate(db, request);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    prepared = { create: { ...createScope(request.merchant.id, request.idempotency, request.now), refusal: error.code }, error };
  }
  let outcome: PayoutCreateOutcome;
  try {
    outcome = await payoutCreateBatches(db).submit(prepared.create);
  } catch {
    // The batch's statement failed as a whole (a dropped connection, a restart): whether it
    // committed is unknown. Alone, the function finds out by the key (a replay if it did).
    outcome = await writeAlone(db, prepared.create, 'batch_failed');
  }
  if (outcome.outcome === 'error') outcome = await writeAlone(db, prepared.create, 'error');
  return answer(request, prepared, outcome);
}

/** A create refused before it could be prepared: its key is still looked at first. */
interface Refused {
  create: PreparedPayoutCreate;
  error: DomainError;
}

export interface PreparedCreate {
  create: PreparedPayoutWrite;
  /** The 201 body. */
  body: ReturnType<typeof payoutCreateView>;
  /** usdAmount + usdFeeAmount, for the INSUFFICIENT_BALANCE message. */
  freezeAmount: string;
}

// create_payouts starts the order and its timeline in PENDING_MATCH: the machine must allow it.
// Checked once, when the module loads.
if (!payoutMachine.initial.includes('PENDING_MATCH')) throw new Error('payout orders cannot start in PENDING_MATCH');


/** Everything a create decides before it writes, in the shape `create_payouts` takes. */
export async function preparePayoutCreate(db: Db, request: CreatePayoutRequest): Promise<PreparedCreate> {
  const { merchant, input, now } = request;
  const { values, amounts, hold } = await prepare(db, merchant, input, now, request.clientAddress);
  const body = payoutCreateView({ ...values, status: 'PENDING_MATCH', createdAt: now });
  return { create: { ...createScope(request.merchant.id, request.idempotency, request.now), ...writesOf(values, hold), responseBody: JSON.stringify(body) }, body, freezeAmount: amounts.freezeAmount };
}

/** The order's row, its freeze and any risk hold, as `create_payouts` writes them. */
function writesOf(values: Awaited<ReturnType<typeof prepare>>['values'], hold: string | undefined) {
  const freeze = payoutFreeze(values);
  const { accounts, amounts } = transferLegs(transferOf(freeze));
  return { order: { ...values, matchDueAt: values.matchDueAt.toISOString() }, transferId: freeze.id, accounts, amounts, ...(hold ? { hold } : {}) };
}

/**
 * The create again, alone, for what its batch did not settle: the whole statement failed, or the
 * function met an unexpected SQL error (a deadlock, say) for it. Alone it either settles or the
 * error is raised.
 */
async function writeAlone(db: Db, create: PreparedPayoutCreate, reason: 'batch_failed' | 'error'): Promise<PayoutCreateOutcome> {
  payoutCreateFallbacks.inc({ reason });
  const [outcome] = await writePayoutCreates(db, [create]);
  if (!outcome || outcome.outcome === 'error') throw new Error(`create_payouts failed for a create (SQLSTATE ${outcome?.outcome === 'error' ? outcome.sqlstate : 'none'})`);
  return outcome;
}

/** The function's outcome as the create's answer or error, docs/api.md, "Create a payout". */
function answer(request: CreatePayoutRequest, prepared: PreparedCreate | Refused, outcome: PayoutCreateOutcome): IdempotentOutcome {
  switch (outcome.outcome) {
    case 'created':
      if ('error' in prepared) throw new Error('create_payouts created a refused create');
      return { status: 201, body: prepared.body, replayed: false };
    case 'replayed':
      return { status: outcome.status, body: JSON.parse(outcome.body) as unknown, replayed: true };
    case 'reused':
      throw keyReused();
    case 'in_use':
      throw inUse();
    case 'refused':
      if (!('error' in prepared)) throw new Error('create_payouts refused a prepared create');
      throw prepared.error;
    default:
      throw refusal(request.input, prepared, outcome);
  }
}

function refusal(input: CreatePayoutInput, prepared: PreparedCreate | Refused, outcome: PayoutCreateOutcome): Error {
  if (outcome.outcome === 'duplicate') return duplicateMerchantOrderNo(input.merchantOrderNo);
  if (outcome.outcome === 'insufficient_balance' && 'freezeAmount' in prepared) return insufficientBalance(prepared.freezeAmount);
  return new Error(`create_payouts answered ${outcome.outcome}`);
}

interface PlacePayoutOptions {
  merchant: Merchant;
  input: CreatePayoutInput;
  now: Date;
}

/**
 * The create inside the caller's transaction, without an Idempotency-Key (seeding, the cluster
 * test's bait orders, tests): the same writer, a batch of one, and the order's row read back.
 */
export async function placePayout(tx: Tx, { merchant, input, now }: PlacePayoutOptions) {
  const { values, amounts, hold } = await prepare(tx, merchant, input, now);
  const [outcome] = await writePayoutCreates(tx, [{ merchantId: merchant.id, now: now.toISOString(), ...writesOf(values, hold) }]);
  if (outcome?.outcome === 'duplicate') throw duplicateMerchantOrderNo(input.merchantOrderNo);
  if (outcome?.outcome === 'insufficient_balance') throw insufficientBalance(amounts.freezeAmount);
  if (outcome?.outcome !== 'created') throw new Error(`create_payouts answered ${outcome?.outcome ?? 'nothing'}`);
  const [order] = await tx.select().from(payoutOrders).where(eq(payoutOrders.id, values.id));
  if (!order) throw new Error(`payout ${values.id} was not stored`);
  return order;
}

/**
 * Quotes the best rate, computes the amounts of docs/amounts.md and builds the order's row for
 * PENDING_MATCH, the card number encrypted: everything a create decides before it writes. The
 * risk rules are asked here too, with reads only, so the write stays one statement: a block
 * refuses with RISK_BLOCKED (a refusal, written as such), a review names the rule the create's
 * hold is written for (docs/risk.md).
 */
async function prepare(db: Executor, merchant: Merchant, input: CreatePayoutInput, now: Date, clientAddress?: string) {
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
    clientAddress: clientAddress ?? null,
  };
  const risk = await evaluateRisk(db, {
    flow: 'payout',
    merchantId: merchant.id,
    fiatAmount: amounts.lockedFiatAmount,
    now,
    recipientFingerprint: values.recipientAccountFingerprint,
    recipientName: input.recipient.holderName,
    clientAddress: values.clientAddress,
  });
  if (risk.action === 'block') throw riskBlocked(risk.ruleId);
  return { values, amounts, hold: risk.action === 'review' ? risk.ruleId : undefined };
}

function duplicateMerchantOrderNo(merchantOrderNo: string): DomainError {
  return new DomainError('DUPLICATE_MERCHANT_ORDER_NO', `merchantOrderNo ${merchantOrderNo} is already used by another payout.`);
}

function insufficientBalance(freezeAmount: string): DomainError {
  return new DomainError('INSUFFICIENT_BALANCE', `This payout needs ${freezeAmount} USDT (amount plus fee) but the available balance is lower.`);
}
