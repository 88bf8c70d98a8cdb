import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { payinOrders, type merchants } from '../../db/schema';
import { DomainError } from '../errors';
import { computePayinAmounts, type PayinAmounts } from '../money/payin-amounts';
import type { PayinAmountIn } from '../routing/payin-candidates';
import { routePayin, type PayinRoute, type RoutingRandom } from '../routing/route-payin';
import { payinRouteReads } from '../routing/route-payin-batches';
import type { RoutedCandidate } from '../routing/select-route';
import { routingDay } from '../routing/routing-day';
import { newOrderNo } from '../payouts/order-numbers';
import { payinMachine } from './payin-machine';
import { newCheckoutToken, payUrlFor } from './checkout-token';
import type { CreatePayinInput } from './payin.schema';
import { newBuyerReference } from './buyer-reference';
import { escrowPayinTransfer } from './payin-ledger';
import { transferLegs } from '../ledger/post-transfer';
import { evaluateRisk, riskBlocked } from '../risk/evaluate-risk';
import { payinCreateView } from './payin-view';
import { createScope } from '../batching/create-scope';
import { inUse, keyReused, type IdempotencyScope, type IdempotentOutcome } from '../idempotency/with-idempotency';
import { payinCreateFallbacks } from './create-batch-metrics';
import {
  payinCreateBatches,
  payinCreateLane,
  writePayinCreates,
  type PayinCreateCandidate,
  type PayinCreateOutcome,
  type PayinOrderAmounts,
  type PreparedPayinCreate,
  type PreparedPayinWrite,
} from './create-payin-batch';

type Merchant = typeof merchants.$inferSelect;
type PayinRow = typeof payinOrders.$inferSelect;

export interface CreatedPayin {
  order: PayinRow;
  payUrl: string;
}

interface CreatePayinOptions {
  merchant: Merchant;
  input: CreatePayinInput;
  now: Date;
  random?: RoutingRandom;
  clientAddress?: string;
}

// create_payins starts a matched order in PENDING_PAYMENT and an unmatched one in PENDING_MATCH,
// each with its timeline row: the machine must allow both. Checked once, when the module loads.
for (const status of ['PENDING_PAYMENT', 'PENDING_MATCH'] as const) {
  if (!payinMachine.initial.includes(status)) throw new Error(`pay-in orders cannot start in ${status}`);
}

/**
 * Creates a pay-in (docs/api.md, "Create a pay-in"): routes it to a trader's receiving account
 * (docs/routing.md: the best SELL quote, or the best score), locks that quote's rate, claims the
 * account's daily capacity and escrows the trader's USDT (trader available -> escrow) in the
 * caller's transaction. An account without room or a trader whose balance is gone by then is
 * skipped for the next candidate.
 * When no trader can serve it now, the order waits in PENDING_MATCH at the best quoted rate and is
 * matched as soon as one can; when no quote's limits hold the amount at all: 422 NO_LIQUIDITY.
 * The risk rules (docs/risk.md) are asked before anything is written: a block refuses with
 * RISK_BLOCKED, a review stores the order unmatched in PENDING_MATCH with a hold.
 *
 * The reads and the arithmetic happen here; the writes are `create_payins`'s, the only writer of a
 * pay-in create (docs/performance.md, "One pay-in write path"), as a batch of one. The order's
 * row is read back for the caller.
 */
export async function createPayin(tx: Tx, options: CreatePayinOptions): Promise<CreatedPayin> {
  const { create, payUrl } = await preparePayinCreate(tx, options);
  const [outcome] = await writePayinCreates(tx, [create]);
  if (outcome?.outcome === 'duplicate') throw duplicateMerchantOrderNo(options.input.merchantOrderNo);
  if (outcome?.outcome !== 'created') {
    throw new Error(`create_payins answered ${outcome?.outcome ?? 'nothing'}${outcome?.outcome === 'error' ? ` (SQLSTATE ${outcome.sqlstate})` : ''}`);
  }
  const [order] = await tx.select().from(payinOrders).where(eq(payinOrders.id, create.order.id));
  if (!order) throw new Error(`pay-in ${create.order.id} was not stored`);
  return { order, payUrl };
}

interface CreatePayinRequest extends CreatePayinOptions {
  /** The request's Idempotency-Key, its hash of the body and so on (docs/api.md, "Idempotency"). */
  idempotency: IdempotencyScope;
}

/**
 * The API's create: once per Idempotency-Key (docs/api.md, "Create a pay-in"), the first request's
 * answer stored with the order, in its transaction, and a replay returns it.
 *
 * The reads and the arithmetic happen first, outside any transaction (routing's and the risk
 * rules' reads lock nothing either; routing reads once for the creates that arrive together,
 * server/routing/route-payin-batches.ts); then the create goes to `create_payins` with other creates
 * for the same trader arriving in the same millisecond (create-payin-batch.ts): one round trip and one commit for the
 * batch, with an outcome per create (docs/performance.md, "One pay-in write path"). A create
 * refused before writing (NO_LIQUIDITY, RISK_BLOCKED) goes too, as a refusal: the function claims
 * its key first, so a replay of an earlier create still answers as a replay.
 */
export async function createPayinOnce(db: Db, request: CreatePayinRequest): Promise<IdempotentOutcome> {
  const scope = createScope(request.merchant.id, request.idempotency, request.now);
  let create: PreparedPayinCreate;
  let refusal: DomainError | undefined;
  try {
    const route: RouteRead = (amount) => payinRouteReads(db).submit({ amount, now: request.now, random: request.random });
    create = { ...(await preparePayinCreate(db, request, { answers: true, routeRead: route })).create, ...scope };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    create = { ...scope, refusal: error.code };
    refusal = error;
  }
  let outcome: PayinCreateOutcome;
  try {
    outcome = await payinCreateBatches(db, payinCreateLane(create)).submit(create);
  } catch {
    // The batch's statement failed as a whole (a dropped connection, a restart): whether it
    // committed is unknown. Alone, the function finds out by the key (a replay if it did).
    outcome = await writeAlone(db, create, 'batch_failed');
  }
  if (outcome.outcome === 'error') outcome = await writeAlone(db, create, 'error');
  return answer(request, create, refusal, outcome);
}

/**
 * The create again, alone, for what its batch did not settle: the whole statement failed, or the
 * function met an unexpected SQL error (a deadlock between two batches' traders, say) for it. Alone
 * it either settles or the error is raised.
 */
async function writeAlone(db: Db, create: PreparedPayinCreate, reason: 'batch_failed' | 'error'): Promise<PayinCreateOutcome> {
  payinCreateFallbacks.inc({ reason });
  const [outcome] = await writePayinCreates(db, [create]);
  if (!outcome || outcome.outcome === 'error') throw new Error(`create_payins failed for a create (SQLSTATE ${outcome?.outcome === 'error' ? outcome.sqlstate : 'none'})`);
  return outcome;
}

/** The function's outcome as the create's answer or error, docs/api.md, "Create a pay-in". */
function answer(request: CreatePayinRequest, create: PreparedPayinCreate, refusal: DomainError | undefined, outcome: PayinCreateOutcome): IdempotentOutcome {
  switch (outcome.outcome) {
    case 'created': {
      if ('refusal' in create) throw new Error('create_payins created a refused create');
      const body = outcome.candidate === null ? create.pending.responseBody : create.candidates[outcome.candidate]?.responseBody;
      if (body === undefined) throw new Error(`create_payins answered candidate ${outcome.candidate} of ${create.candidates.length}`);
      return { status: 201, body: JSON.parse(body) as unknown, replayed: false };
    }
    case 'replayed':
      return { status: outcome.status, body: JSON.parse(outcome.body) as unknown, replayed: true };
    case 'reused':
      throw keyReused();
    case 'in_use':
      throw inUse();
    case 'refused':
      if (!refusal) throw new Error('create_payins refused a prepared create');
      throw refusal;
    case 'duplicate':
      throw duplicateMerchantOrderNo(request.input.merchantOrderNo);
    default:
      throw new Error(`create_payins answered ${outcome.outcome}`);
  }
}

/** Where a create's route comes from: its own read, or the read it shares with its batch. */
type RouteRead = (amount: PayinAmountIn) => Promise<PayinRoute>;

interface PreparedPayin {
  create: PreparedPayinWrite;
  payUrl: string;
}

/**
 * Everything a create decides before it writes, in the shape `create_payins` takes: the route
 * (docs/routing.md), the amounts at each candidate's price and at the best one for an order that
 * waits, the risk rules' answer (a block is thrown here, a review names the hold), the checkout
 * token and the escrow's legs. With `answers`, the 201 body each outcome would send, for the
 * stored answer of an Idempotency-Key. `routeRead` is where the route comes from: a read of its own
 * by default, the batch's shared read for the API's creates.
 */
export async function preparePayinCreate(
  db: Executor,
  { merchant, input, now, ...options }: CreatePayinOptions,
  { answers = false, routeRead = (amount) => routePayin(db, amount, { now, random: options.random }) }: { answers?: boolean; routeRead?: RouteRead } = {},
): Promise<PreparedPayin> {
  const amountIn: PayinAmountIn = input.assetAmount !== undefined ? { assetAmount: input.assetAmount } : { fiatAmount: input.fiatAmount as string };
  const route = await routeRead(amountIn);
  if (!route.bestPrice) throw new DomainError('NO_LIQUIDITY', 'No trader quote can serve this amount.');
  const quoted = amountsAt(amountIn, route.bestPrice, merchant.payinFeeBps);
  const risk = await evaluateRisk(db, {
    flow: 'payin',
    merchantId: merchant.id,
    fiatAmount: quoted.fiatAmount,
    now,
    buyerReference: input.metadata?.buyerId ?? null,
    clientAddress: options.clientAddress ?? null,
  });
  if (risk.action === 'block') throw riskBlocked(risk.ruleId);

  const { token, hash } = newCheckoutToken();
  const payUrl = payUrlFor(token);
  const order = {
    id: randomUUID(),
    orderNo: newOrderNo('ORD', now),
    merchantOrderNo: input.merchantOrderNo,
    feeBps: merchant.payinFeeBps,
    quotedAt: now.toISOString(),
    payTokenHash: hash,
    buyerReference: newBuyerReference(),
    returnUrl: input.returnUrl ?? null,
    metadata: input.metadata ?? null,
    clientAddress: options.clientAddress ?? null,
    expiresAt: new Date(now.getTime() + merchant.payinExpirySeconds * 1000).toISOString(),
  };
  const answer = (status: 'PENDING_PAYMENT' | 'PENDING_MATCH', amounts: PayinOrderAmounts) =>
    answers
      ? { responseBody: JSON.stringify(payinCreateView({ ...order, ...amounts, status, quotedAt: now, expiresAt: new Date(order.expiresAt) }, payUrl)) }
      : {};

  // A held order is not matched (docs/risk.md, "Review"): no candidate is tried.
  const attempts = risk.action === 'review' ? [] : route.attempts;
  const candidates = attempts.map((routed): PayinCreateCandidate => {
    const amounts = orderAmounts(amountsAt(amountIn, routed.candidate.price, merchant.payinFeeBps));
    return { ...candidateOf(routed, order.id, amounts), ...answer('PENDING_PAYMENT', amounts) };
  });
  const pending = orderAmounts(quoted);
  const create: PreparedPayinWrite = {
    merchantId: merchant.id,
    now: now.toISOString(),
    order,
    candidates,
    pending: { amounts: pending, ...answer('PENDING_MATCH', pending) },
    settings: { day: routingDay(now), limits: route.settings.limits, newTrader: route.settings.newTrader, bond: route.settings.bond },
    ...(risk.action === 'review' ? { hold: risk.ruleId } : {}),
  };
  return { create, payUrl };
}

function candidateOf({ candidate, route }: RoutedCandidate, orderId: string, amounts: PayinOrderAmounts): PayinCreateCandidate {
  return {
    traderId: candidate.traderId,
    bankAccountId: candidate.bankAccountId as string,
    autoConfirm: candidate.autoConfirm,
    routing: { ...route },
    amounts,
    escrow: transferLegs(escrowPayinTransfer({ id: orderId, traderId: candidate.traderId, assetAmount: amounts.assetAmount })),
  };
}

function amountsAt(amountIn: PayinAmountIn, price: string, feeBps: number): PayinAmounts {
  return computePayinAmounts({ ...amountIn, rate: price, feeBps });
}

function orderAmounts(amounts: PayinAmounts): PayinOrderAmounts {
  return {
    assetAmount: amounts.assetAmount,
    fiatAmount: amounts.fiatAmount,
    fxRate: amounts.fxRate,
    usdAmount: amounts.usdAmount,
    usdFeeAmount: amounts.usdFeeAmount,
  };
}

function duplicateMerchantOrderNo(merchantOrderNo: string): DomainError {
  return new DomainError('DUPLICATE_MERCHANT_ORDER_NO', `merchantOrderNo ${merchantOrderNo} is already used by another pay-in.`);
}
