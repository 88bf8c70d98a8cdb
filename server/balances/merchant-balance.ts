import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ledgerAccounts, merchants, payinOrders } from '../../db/schema';
import type { PayinStatus } from '../../db/schema/order-statuses';
import { DomainError } from '../errors';
import { accountIds } from '../ledger/account-ids';
import type { MerchantBalance } from './merchant-balance.schema';

/**
 * The pay-ins counted as pending: the buyer has said they paid and nothing has settled or failed
 * yet. A pay-in still waiting for a trader or for the buyer's payment is mostly an abandoned
 * checkout (it expires), so it is not money on its way (docs/api.md, "Balance").
 */
const PENDING_PAYIN_STATUSES: readonly PayinStatus[] = ['PAYMENT_SUBMITTED', 'PENDING_RELEASE', 'SETTLING', 'DISPUTED'];

/** One ledger account's balance as a subquery; an account not opened yet holds 0. */
const accountBalance = (accountId: string) =>
  sql<string>`coalesce((select ${ledgerAccounts.balance} from ${ledgerAccounts} where ${ledgerAccounts.id} = ${accountId}), 0)::numeric(26, 6)::text`;

/**
 * A merchant's balance in one statement, so available, frozen and pending come from one snapshot
 * of the database: a payout freezing or a pay-in settling between two reads cannot show its
 * amount twice or not at all. Pending is what settlement would credit (server/payins/payin-ledger.ts,
 * settlePayin): assetAmount less the fee, the fee never more than the amount.
 */
export async function merchantBalance(db: Executor, merchantId: string): Promise<MerchantBalance> {
  const pending = db
    .select({ credit: sql`coalesce(sum(${payinOrders.assetAmount} - least(${payinOrders.usdFeeAmount}, ${payinOrders.assetAmount})), 0)` })
    .from(payinOrders)
    .where(and(eq(payinOrders.merchantId, merchantId), inArray(payinOrders.status, [...PENDING_PAYIN_STATUSES])));
  const [row] = await db
    .select({
      available: accountBalance(accountIds.merchantAvailable(merchantId)),
      frozen: accountBalance(accountIds.merchantFrozen(merchantId)),
      pending: sql<string>`(${pending})::numeric(26, 6)::text`,
    })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  // The caller is an authenticated merchant, so its row exists; a missing one is a bug, not input.
  if (!row) throw new DomainError('NOT_FOUND', 'No such merchant.');
  return { currency: 'USDT', available: row.available, frozen: row.frozen, pending: row.pending };
}
