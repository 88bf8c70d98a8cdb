import { and, eq, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payinOrders } from '../../db/schema';
import { dec } from '../money/decimal';

/** The unique partial index that keeps open pay-ins on one account from sharing a payment amount. */
export const OPEN_PAYMENT_AMOUNT_KEY = 'payin_orders_open_payment_amount_key';
const OPEN = ['PENDING_PAYMENT', 'PAYMENT_SUBMITTED', 'PENDING_RELEASE'] as const;

/**
 * What the buyer transfers to an auto-confirm account (docs/trader-guide.md, "Cent offsets"): the
 * pay-in's CNY amount plus the smallest k cents (0-99) no open pay-in on that account expects, so a
 * bank notification's amount names one order. Null when all 100 are taken. A concurrent pay-in may
 * take the same one first: the unique index refuses the second, whose caller asks again.
 */
export async function freePaymentAmount(db: Executor, options: { bankAccountId: string; fiatAmount: string }): Promise<string | null> {
  const base = dec(options.fiatAmount);
  const taken = await db
    .select({ amount: payinOrders.paymentFiatAmount })
    .from(payinOrders)
    .where(
      and(
        eq(payinOrders.traderBankAccountId, options.bankAccountId),
        inArray(payinOrders.status, [...OPEN]),
        isNotNull(payinOrders.paymentFiatAmount),
        gte(payinOrders.paymentFiatAmount, base.toFixed(2)),
        lte(payinOrders.paymentFiatAmount, base.plus('0.99').toFixed(2)),
      ),
    );
  const used = new Set(taken.map((row) => dec(row.amount as string).toFixed(2)));
  for (let cents = 0; cents < 100; cents += 1) {
    const amount = base.plus(dec(String(cents)).div(100)).toFixed(2);
    if (!used.has(amount)) return amount;
  }
  return null;
}
