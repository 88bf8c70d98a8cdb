import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';

/** The unique partial index that keeps open pay-ins on one account from sharing a payment amount. */
export const OPEN_PAYMENT_AMOUNT_KEY = 'payin_orders_open_payment_amount_key';

/**
 * What the buyer transfers to an auto-confirm account (docs/trader-guide.md, "Cent offsets"): the
 * pay-in's CNY amount plus the smallest k cents (0-99) no open pay-in on that account expects, so a
 * bank notification's amount names one order. Null when all 100 are taken. A concurrent pay-in may
 * take the same one first: the unique index refuses the second, whose caller asks again.
 */
export async function freePaymentAmount(db: Executor, options: { bankAccountId: string; fiatAmount: string }): Promise<string | null> {
  // The rule is the database function's (migration "create payins function"), which create_payins calls too.
  const [row] = rowsOf<{ amount: string | null }>(
    await db.execute(sql`select free_payment_amount(${options.bankAccountId}::uuid, ${options.fiatAmount}::numeric)::text as amount`),
  );
  return row?.amount ?? null;
}
