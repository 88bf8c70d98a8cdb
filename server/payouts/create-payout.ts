import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { pipelined } from '../../db/pipelined';
import { signalPoolChange } from './pool-signal';
import { reusableQuery } from '../../db/reusable-query';
import { payoutOrders, type merchants } from '../../db/schema';
import { keyring } from '../config/keyring';
import { encryptField } from '../crypto/encryption';
import { cardFingerprint, last4 } from '../crypto/fingerprint';
import { DomainError } from '../errors';
import { withIdempotency, type IdempotencyScope, type IdempotentOutcome } from '../idempotency/with-idempotency';
import { computePayoutAmounts } from '../money/payout-amounts';
import { bestPayoutQuote } from '../quotes/best-payout-quote';
import { referenceRate } from '../quotes/reference-rate';
import { payoutMachine } from '../state-machines/payout';
import { recordCreation } from '../state-machines/record-creation';
import { newOrderNo } from './order-numbers';
import type { CreatePayoutInput } from './payout.schema';
import { freezePayout } from './payout-ledger';
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
 */
export function createPayout(db: Db, request: CreatePayoutRequest): Promise<IdempotentOutcome> {
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
 * Quotes the best rate, computes the amounts of docs/amounts.md, inserts the order in PENDING_MATCH
 * and freezes usdAmount + usdFeeAmount. The order then waits in the pool for a trader to accept it.
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
  const amountIn = input.fiatAmount !== undefined ? { fiatAmount: input.fiatAmount } : { usdAmount: input.usdAmount as string };
  // Independent reads, sent together (one round trip).
  const [quote, override] = await Promise.all([bestPayoutQuote(tx, amountIn), referenceRate(tx, 'BUY')]);
  if (!quote) {
    throw new DomainError('NO_LIQUIDITY', 'No trader quote can serve this amount right now.');
  }
  const reference = override ?? quote.price;
  const amounts = computePayoutAmounts({ ...amountIn, rate: quote.price, referenceRate: reference, feeBps: merchant.payoutFeeBps });

  const id = randomUUID();
  const account = input.recipient.bankAccount;
  const [order] = await insertOrder(tx, {
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
    now,
  });
  if (!order) {
    throw new DomainError('DUPLICATE_MERCHANT_ORDER_NO', `merchantOrderNo ${input.merchantOrderNo} is already used by another payout.`);
  }

  // The timeline row, `alongside` and the pool signal (sent on commit) go out with the freeze, which comes last.
  try {
    await pipelined([
      recordCreation(tx, payoutMachine, order, { type: 'merchant', id: merchant.id }),
      alongside?.(order),
      signalPoolChange(tx),
      freezePayout(tx, order),
    ]);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'INSUFFICIENT_BALANCE') {
      throw new DomainError('INSUFFICIENT_BALANCE', `This payout needs ${amounts.freezeAmount} USDT (amount plus fee) but the available balance is lower.`);
    }
    throw error;
  }
  return order;
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
