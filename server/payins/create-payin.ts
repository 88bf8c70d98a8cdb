import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { payinOrders, traders, type merchants } from '../../db/schema';
import { DomainError, isDomainError } from '../errors';
import { computePayinAmounts, type PayinAmounts } from '../money/payin-amounts';
import type { PayinAmountIn } from '../routing/payin-candidates';
import { routePayin, type RoutingRandom } from '../routing/route-payin';
import type { RoutedCandidate } from '../routing/select-route';
import { claimAccountCapacity } from '../routing/claim-account-capacity';
import { payinFitsBondCap } from '../bond/trader-exposure';
import type { RoutingSettings } from '../routing/routing-settings';
import { newOrderNo } from '../payouts/order-numbers';
import { payinMachine } from './payin-machine';
import { recordCreation } from '../orders/record-creation';
import { newCheckoutToken, payUrlFor } from './checkout-token';
import type { CreatePayinInput } from './payin.schema';
import { newBuyerReference } from './buyer-reference';
import { escrowPayin } from './payin-ledger';
import { freePaymentAmount, OPEN_PAYMENT_AMOUNT_KEY } from './payment-amount';
import { isUniqueViolation } from '../../db/errors';
import { evaluateRisk, riskBlocked } from '../risk/evaluate-risk';
import { holdOrder } from '../risk/hold-order';

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
 */
export async function createPayin(
  tx: Tx,
  { merchant, input, now, ...options }: CreatePayinOptions,
): Promise<CreatedPayin> {
  const amountIn: PayinAmountIn = input.assetAmount !== undefined ? { assetAmount: input.assetAmount } : { fiatAmount: input.fiatAmount as string };
  const route = await routePayin(tx, amountIn, { now, random: options.random });
  if (!route.bestPrice) throw new DomainError('NO_LIQUIDITY', 'No trader quote can serve this amount.');
  const quoted = amountsAt(amountIn, route.bestPrice, merchant.payinFeeBps);
  const risk = await evaluateRisk(tx, {
    flow: 'payin',
    merchantId: merchant.id,
    fiatAmount: quoted.fiatAmount,
    now,
    buyerReference: input.metadata?.buyerId ?? null,
    clientAddress: options.clientAddress ?? null,
  });
  if (risk.action === 'block') throw riskBlocked(risk.ruleId);

  const { token, hash } = newCheckoutToken();
  const base = {
    merchantId: merchant.id,
    merchantOrderNo: input.merchantOrderNo,
    feeBps: merchant.payinFeeBps,
    quotedAt: now,
    payTokenHash: hash,
    buyerReference: newBuyerReference(),
    returnUrl: input.returnUrl ?? null,
    metadata: input.metadata ?? null,
    clientAddress: options.clientAddress ?? null,
    expiresAt: new Date(now.getTime() + merchant.payinExpirySeconds * 1000),
    createdAt: now,
    updatedAt: now,
  };

  if (risk.action === 'review') {
    const order = await insertOrder(tx, { ...base, ...orderAmounts(quoted), status: 'PENDING_MATCH' });
    await holdOrder(tx, { flow: 'payin', orderId: order.id, merchantId: merchant.id, ruleId: risk.ruleId, now });
    return { order: await created(tx, order, merchant.id), payUrl: payUrlFor(token) };
  }

  for (const routed of route.attempts) {
    const amounts = amountsAt(amountIn, routed.candidate.price, merchant.payinFeeBps);
    const matched = await tryMatchedInsert(tx, merchant.id, base, routed, amounts, route.settings, now);
    if (matched) return { order: matched, payUrl: payUrlFor(token) };
  }

  const order = await insertOrder(tx, { ...base, ...orderAmounts(quoted), status: 'PENDING_MATCH' });
  return { order: await created(tx, order, merchant.id), payUrl: payUrlFor(token) };
}

function amountsAt(amountIn: PayinAmountIn, price: string, feeBps: number): PayinAmounts {
  return computePayinAmounts({ ...amountIn, rate: price, feeBps });
}

function orderAmounts(amounts: PayinAmounts) {
  return {
    assetAmount: amounts.assetAmount,
    fiatAmount: amounts.fiatAmount,
    fxRate: amounts.fxRate,
    usdAmount: amounts.usdAmount,
    usdFeeAmount: amounts.usdFeeAmount,
  };
}

/**
 * Claim the account's capacity, insert and escrow in a savepoint: if the account has no room the
 * candidate is skipped; if the escrow is refused, the order row (and its timeline row) and the
 * claim go with it. The escrow, the trader's turn and the timeline row are sent together: the trader's
 * balance row, which every pay-in matched to that trader waits for, is locked for one round trip
 * before the savepoint is released instead of three (docs/performance.md).
 */
async function tryMatchedInsert(
  tx: Tx,
  merchantId: string,
  base: Omit<typeof payinOrders.$inferInsert, 'orderNo' | 'status' | 'assetAmount' | 'fiatAmount' | 'fxRate' | 'usdAmount' | 'usdFeeAmount'>,
  routed: RoutedCandidate,
  amounts: PayinAmounts,
  settings: RoutingSettings,
  now: Date,
): Promise<PayinRow | null> {
  const { candidate, route } = routed;
  try {
    return await tx.transaction(async (savepoint) => {
      if (!(await payinFitsBondCap(savepoint, { traderId: candidate.traderId, assetAmount: amounts.assetAmount, settings: settings.bond }))) return null;
      const claimed = await claimAccountCapacity(savepoint, {
        bankAccountId: candidate.bankAccountId as string,
        fiatAmount: amounts.fiatAmount,
        now,
        limits: settings.limits,
        newTrader: settings.newTrader,
      });
      if (!claimed) return null;
      const values = {
        ...base,
        ...orderAmounts(amounts),
        status: 'PENDING_PAYMENT' as const,
        traderId: candidate.traderId,
        traderBankAccountId: candidate.bankAccountId,
        matchedAt: now,
        routing: { ...route },
      };
      const order = candidate.autoConfirm ? await insertWithCentOffset(savepoint, values) : await insertOrder(savepoint, values);
      if (!order) throw new NoFreeOffset();
      // The escrow goes first: a refused escrow is the failure reported, not the 25P02s after it.
      await recordCreation(savepoint, {
        machine: payinMachine,
        order,
        actor: { type: 'merchant', id: merchantId },
        alongside: [escrowPayin(savepoint, order), savepoint.update(traders).set({ lastMatchedAt: now }).where(eq(traders.id, candidate.traderId))],
      });
      return order;
    });
  } catch (error) {
    if (isDomainError(error, 'INSUFFICIENT_BALANCE') || error instanceof NoFreeOffset) return null;
    throw error;
  }
}

/** The account has no free cent offset for this amount: the claim of its capacity is undone with the savepoint. */
class NoFreeOffset extends Error {}

/**
 * An order on an auto-confirm account expects fiatAmount plus the smallest free cent offset
 * (payment-amount.ts); a concurrent pay-in that took the same one first makes the insert ask again,
 * in its own savepoint. Null when the account has no free offset for this amount (the next trader serves).
 */
async function insertWithCentOffset(tx: Tx, values: Omit<typeof payinOrders.$inferInsert, 'orderNo'>): Promise<PayinRow | null> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const paymentFiatAmount = await freePaymentAmount(tx, { bankAccountId: values.traderBankAccountId as string, fiatAmount: values.fiatAmount });
    if (!paymentFiatAmount) return null;
    try {
      return await tx.transaction((savepoint) => insertOrder(savepoint, { ...values, paymentFiatAmount }));
    } catch (error) {
      if (!isUniqueViolation(error, OPEN_PAYMENT_AMOUNT_KEY)) throw error;
    }
  }
  return null;
}

async function insertOrder(tx: Tx, values: Omit<typeof payinOrders.$inferInsert, 'orderNo'>): Promise<PayinRow> {
  const [order] = await tx
    .insert(payinOrders)
    .values({ ...values, id: randomUUID(), orderNo: newOrderNo('ORD', values.createdAt as Date) })
    .onConflictDoNothing({ target: [payinOrders.merchantId, payinOrders.merchantOrderNo] })
    .returning();
  if (!order) {
    throw new DomainError('DUPLICATE_MERCHANT_ORDER_NO', `merchantOrderNo ${values.merchantOrderNo} is already used by another pay-in.`);
  }
  return order;
}

async function created(tx: Tx, order: PayinRow, merchantId: string): Promise<PayinRow> {
  await recordCreation(tx, { machine: payinMachine, order, actor: { type: 'merchant', id: merchantId } });
  return order;
}
